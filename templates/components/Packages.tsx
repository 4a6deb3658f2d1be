import { useSite } from '../lib/site.tsx';

/** The four lesson packages and the youth colour levels by age. */
export function Packages() {
  const { model, locale, t } = useSite();
  const { packages, youthLevels } = model.lessons;
  const groupSize = ({ min, max }: { min: number; max: number }) =>
    min !== max ? t('club.groupSize', { min, max }) : t(min === 1 ? 'club.groupSizeSingle' : 'club.groupSizeExact', { min });
  return (
    <section className="section tinted" id="lesaanbod" aria-labelledby="lesaanbod-title">
      <div className="container">
        <h2 id="lesaanbod-title">{t('club.offering')}</h2>
        <div className="package-grid">
          {packages.map((item) => (
            <article key={item.id} className="package">
              <h3>{item.name[locale]}</h3>
              <p className="pill">
                {groupSize(item.groupSize)}
              </p>
              <p>{item.description[locale]}</p>
              <blockquote>{item.quote[locale]}</blockquote>
            </article>
          ))}
        </div>
        <h3 className="levels-title">{t('club.youthLevels')}</h3>
        <ul className="levels">
          {youthLevels.map((level) => (
            <li key={level.id} className={`level level-${level.id}`}>
              <h4>{level.name[locale]}</h4>
              <p className="ages">{t('club.ages', { min: level.minAge, max: level.maxAge })}</p>
              <p>{level.description[locale]}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
