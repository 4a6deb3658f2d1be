import { PageFrame } from '../components/PageFrame.tsx';
import { Faq, Sections } from '../components/Sections.tsx';
import { SignupWindow } from '../components/SignupWindow.tsx';
import { Island } from '../components/Island.tsx';
import { formText } from '../lib/island-props.ts';
import { usePageText } from '../lib/page-text.ts';
import { formatDate, useSite } from '../lib/site.tsx';

/** One club: its facts and sign-up, then the text every club page shares (content/<locale>/pages/club.md). */
export function ClubPage() {
  const site = useSite();
  const { model, page, locale, t } = site;
  const club = model.clubs.find((c) => page.entity.kind === 'club' && c.id === page.entity.id)!;
  const text = usePageText('club');
  const roles = new Map(model.lessons.trainerRoles.map((role) => [role.id, role.name[locale]]));
  const packages = model.lessons.packages.filter((item) => club.offering.includes(item.id));
  return (
    <PageFrame title={club.name} description={club.intro[locale].slice(0, 160)} image={club.image} subtitle={club.city}>
      <section className="section">
        <div className="container club-grid">
          <div>
            <p className="intro">{club.intro[locale]}</p>
            <h2 id="lesaanbod">{t('club.offering')}</h2>
            <ul className="tags">
              {packages.map((item) => (
                <li key={item.id}>{item.name[locale]}</li>
              ))}
            </ul>
            <h2 id="lestijden">{t('club.schedule')}</h2>
            <table className="schedule">
              <tbody>
                {club.schedule.map((slot) => (
                  <tr key={slot.day}>
                    <th scope="row">{t(`club.days.${slot.day}`)}</th>
                    <td>
                      {slot.start} – {slot.end}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <h2 id="hoofdtrainers">{t('club.headTrainers')}</h2>
            <ul className="trainers">
              {club.headTrainers.map((trainer) => (
                <li key={trainer.name}>
                  <Island name="avatar" props={{ alt: trainer.name, size: 'xl' }} load="none" /> <strong>{trainer.name}</strong> <span>{roles.get(trainer.role)}</span>
                </li>
              ))}
            </ul>
          </div>
          <aside className="facts" aria-label={club.name}>
            <SignupWindow club={club} />
            <p className="availability">{club.availability > 0 ? t('club.availability', { count: club.availability }) : t('club.availabilityNone')}</p>
            <Island
              name="tooltip-link"
              props={{ id: 'signup-tooltip', href: club.link, label: t('club.signUpAt'), tooltip: t('club.signUpTooltip'), className: 'button', icon: 'external-link', external: true }}
              load="visible"
            />
            <dl>
              <dt>{t('club.city')}</dt>
              <dd>{club.city}</dd>
              <dt>{t('club.courts')}</dt>
              <dd>
                {club.courts.clay} {t('club.clay').toLowerCase()}, {club.courts.hard} {t('club.hard').toLowerCase()}, {club.courts.indoor} {t('club.indoor').toLowerCase()}
              </dd>
              <dt>{t('club.lessonStart')}</dt>
              <dd>{formatDate(club.lessonStartDate, locale)}</dd>
            </dl>
          </aside>
        </div>
      </section>
      <Sections sections={text.data.sections} />
      <Faq items={text.data.faq} />
      <section className="section" aria-labelledby="vraag">
        <div className="container narrow">
          <h2 id="vraag">{t('club.askTitle', { club: club.name })}</h2>
          <p>{t('club.askText')}</p>
          <Island name="question-form" props={{ id: 'question', locale, club: club.name, labels: { name: t('forms.name'), email: t('forms.email'), question: t('forms.question') }, text: formText(site, 'question') }} load="visible" />
        </div>
      </section>
    </PageFrame>
  );
}
