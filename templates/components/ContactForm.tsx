import { useSite } from '../lib/site.tsx';
import { formText } from '../lib/island-props.ts';
import { Island } from './Island.tsx';

/** Topics a contact question can be about, in the order shown (keys under forms.contactTopics). */
const topics = ['lessons', 'camps', 'academy', 'regional', 'jobs', 'other'] as const;

/** The contact form (spec §2: it asks what the question is about): the contact-form island. */
export function ContactForm() {
  const site = useSite();
  const { t, href, locale, model } = site;
  // The regional tennis page links to /contact?regio=<id>: that region's sign-up, ready to send.
  const presets = Object.fromEntries(
    model.lessons.regions.map((region) => [
      region.id,
      {
        subject: t('forms.contactTopics.regional'),
        question: t('forms.regionalQuestion', { region: region.name[locale] }),
      },
    ]),
  );
  return (
    <Island
      name="contact-form"
      props={{
        id: 'contact',
        locale,
        labels: {
          name: t('forms.name'),
          email: t('forms.email'),
          subject: t('forms.subject'),
          question: t('forms.question'),
        },
        topics: topics.map((topic) => t(`forms.contactTopics.${topic}`)),
        topicPlaceholder: t('forms.subjectPlaceholder'),
        text: formText(site, 'contact'),
        privacy: { href: href('privacy-policy'), label: t('forms.privacyNotice') },
        presets,
      }}
      load="visible"
    />
  );
}
