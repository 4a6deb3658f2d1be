import { PageFrame } from '../layouts/PageFrame.tsx';
import { CallToAction } from '../components/Sections.tsx';
import { ContactForm } from '../components/ContactForm.tsx';
import { Prose } from '../components/Prose.tsx';
import { Icon } from '../components/Icon.tsx';
import { WorkingHours } from '../components/Hours.tsx';
import { PhoneLink } from '../components/PhoneLink.tsx';
import { usePageText } from '../lib/page-text.ts';
import { useSite } from '../lib/site.tsx';

/**
 * The form beside the office's details. The first section of the page text introduces the form;
 * beside it the address, phone and e-mail, the office's hours (content/data/lessons.yaml, spec §3:
 * one source, never written out again in a page's text) and the other sections (quick answers).
 */
export function ContactPage() {
  const text = usePageText();
  const { model, t } = useSite();
  const [first, ...rest] = text.data.sections;
  return (
    <PageFrame>
      <div className="container page-intro">
        <Prose html={text.html} className="measure intro" />
      </div>
      <div className="section">
        <div className="container contact-grid">
          <section className="form-card" aria-labelledby="contact-form-title">
            <h2 id="contact-form-title">{first?.title ?? t('nav.contact')}</h2>
            {first && <Prose html={first.html} />}
            <ContactForm />
          </section>
          <div className="contact-aside">
            <section className="contact-card" aria-labelledby="contact-address">
              <h2 id="contact-address">{t('footer.contactTitle')}</h2>
              <address>
                <p>
                  <Icon name="map-pin" size={18} /> {t('footer.address')}
                </p>
                <p>
                  <Icon name="phone" size={18} /> <PhoneLink phone={t('footer.phone')} />
                </p>
                <p>
                  <Icon name="mail" size={18} />{' '}
                  <a href={`mailto:${model.config.officeEmail}`}>{model.config.officeEmail}</a>
                </p>
              </address>
            </section>
            <section className="contact-card" aria-labelledby="contact-hours">
              <h2 id="contact-hours">{t('footer.officeHours')}</h2>
              <WorkingHours />
              <p className="form-note">{t('footer.hoursNote')}</p>
            </section>
            {rest.map((section) => (
              <section
                key={section.id}
                id={section.id}
                className="contact-card"
                aria-labelledby={`${section.id}-title`}
              >
                <h2 id={`${section.id}-title`}>{section.title}</h2>
                <Prose html={section.html} />
                {section.cta && <CallToAction cta={section.cta} />}
              </section>
            ))}
          </div>
        </div>
      </div>
    </PageFrame>
  );
}
