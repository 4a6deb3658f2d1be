import { useSite } from '../lib/site.tsx';

/** The four lesson packages and the youth colour levels by age. */
export function Packages() {
  const { model, locale, t } = useSite();
  const { packages, youthLevels } = model.lessons;
  return (
    <section className="section tinted" id="lesaanbod">
      <div className="container">
        <h2>{t('club.offering')}</h2>
        <div className="package-grid">
          {packages.map((item) => (
            <article key={item.id} className="package">
              <h3>{item.name[locale]}</h3>
              <p className="package-size">
                {item.groupSize.min === item.groupSize.max
                  ? t('club.groupSizeSingle', { min: item.groupSize.min })
                  : t('club.groupSize', { min: item.groupSize.min, max: item.groupSize.max })}
              </p>
              <p>{item.description[locale]}</p>
              <blockquote>{item.quote[locale]}</blockquote>
            </article>
          ))}
        </div>
        <ul className="levels">
          {youthLevels.map((level) => (
            <li key={level.id} className={`level level-${level.id}`}>
              <strong>{level.name[locale]}</strong> <span>{t('club.ages', { min: level.minAge, max: level.maxAge })}</span>
              <p>{level.description[locale]}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
