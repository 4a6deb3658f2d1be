import { PageFrame } from '../layouts/PageFrame.tsx';
import { CallToAction, FaqList } from '../components/Sections.tsx';
import { Prose } from '../components/Prose.tsx';
import { ClubFacts } from '../components/ClubFacts.tsx';
import { clubDetails } from '../components/ClubDetails.tsx';
import { Island } from '../components/Island.tsx';
import { formText } from '../lib/island-props.ts';
import { usePageText } from '../lib/page-text.ts';
import { useSite } from '../lib/site.tsx';
import { clubById } from '../lib/lookup.ts';

/**
 * One club: its sign-up panel beside the text every club page shares (content/<locale>/pages/club.md),
 * with the club's own offer, lesson times and trainers in their sections; then questions.
 */
export function ClubPage() {
  const site = useSite();
  const { model, page, locale, t } = site;
  const club = clubById(model, page.entity.kind === 'club' ? page.entity.id : NaN)!;
  const text = usePageText('club');
  const details = clubDetails(club);
  return (
    <PageFrame
      title={club.name}
      description={club.intro[locale].slice(0, 160)}
      image={club.image}
      subtitle={club.city}
      parent="clubs"
    >
      <div className="section">
        <div className="container detail-grid">
          <ClubFacts club={club} />
          <div className="detail-main">
            <p className="intro">{club.intro[locale]}</p>
            {text.data.sections.map((section) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
                <h2 id={`${section.id}-title`}>{section.title}</h2>
                <Prose html={section.html} />
                {details[section.id]}
                {section.cta && <CallToAction cta={section.cta} />}
              </section>
            ))}
            {text.data.faq.length > 0 && (
              <section id="faq" aria-labelledby="faq-title">
                <h2 id="faq-title">{t('common.faq')}</h2>
                <FaqList items={text.data.faq} />
              </section>
            )}
            <section id="vraag" aria-labelledby="vraag-title">
              <h2 id="vraag-title">{t('club.askTitle', { club: club.name })}</h2>
              <p>{t('club.askText')}</p>
              <div className="form-card">
                <Island
                  name="question-form"
                  props={{
                    id: 'question',
                    locale,
                    club: club.name,
                    labels: { name: t('forms.name'), email: t('forms.email'), question: t('forms.question') },
                    text: formText(site, 'question'),
                  }}
                  load="visible"
                />
              </div>
            </section>
          </div>
        </div>
      </div>
    </PageFrame>
  );
}
