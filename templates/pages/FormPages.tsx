import { StaticPage } from './StaticPage.tsx';
import { Island } from '../components/Island.tsx';
import { formText } from '../lib/island-props.ts';
import { useSite } from '../lib/site.tsx';

/** The camps page with its sign-up (the basic form: first name, surname, email). */
export function CampsPage() {
  const site = useSite();
  const { t, locale } = site;
  return (
    <StaticPage>
      <section className="section tinted" aria-labelledby="aanmelden">
        <div className="container">
          <div className="form-card measure">
            <h2 id="aanmelden">{t('camps.signupTitle')}</h2>
            <p>{t('camps.signupText')}</p>
            <Island
              name="basic-form"
              props={{
                id: 'camp-signup',
                locale,
                labels: { firstName: t('forms.firstName'), surname: t('forms.surname'), email: t('forms.email') },
                text: formText(site, 'basic'),
              }}
              load="visible"
            />
          </div>
        </div>
      </section>
    </StaticPage>
  );
}

/** Topics of a customer's question (keys under forms.customerTopics). */
const customerTopics = ['makeUp', 'schedule', 'payment', 'stop', 'other'] as const;

/** The lesson rules, and for the customers who read them, a question about their own lessons. */
export function LessonRulesPage() {
  const site = useSite();
  const { t, locale, model } = site;
  return (
    <StaticPage>
      <section className="form-card" aria-labelledby="klantvraag">
        <h2 id="klantvraag">{t('forms.customerTitle')}</h2>
        <Island
          name="customer-form"
          props={{
            id: 'customer',
            locale,
            labels: {
              subject: t('forms.subject'),
              subjectPerson: t('forms.player'),
              subjectClub: t('forms.club'),
              email: t('forms.email'),
              question: t('forms.question'),
            },
            topics: customerTopics.map((topic) => t(`forms.customerTopics.${topic}`)),
            topicPlaceholder: t('forms.subjectPlaceholder'),
            clubs: model.clubs.map((club) => club.name),
            clubPlaceholder: t('forms.clubPlaceholder'),
            text: formText(site, 'customer'),
          }}
          load="visible"
        />
      </section>
    </StaticPage>
  );
}
