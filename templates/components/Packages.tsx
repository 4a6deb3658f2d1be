import type { Lessons } from '../../cli/content/schemas/data.ts';
import { formatPrice, useSite } from '../lib/site.tsx';
import { Icon } from './Icon.tsx';
import { Prose } from './Prose.tsx';

/** "Eén op één met je trainer, volledig afgestemd op jouw spel en jouw doelen.": a package's first sentence. */
export const firstSentence = (text: string) => /^.*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;

/**
 * The lesson offer as cards that sell (issue 19): each package's name, group size, one sentence,
 * its price per lesson (content/data/lessons.yaml) and one action, finding a club to sign up at.
 * Under them the youth colour levels by age, as one compact row.
 */
export function Packages({ intro }: { intro?: string }) {
  const { model, locale, t, href } = useSite();
  const { packages, youthLevels } = model.lessons;
  const groupSize = ({ min, max }: Lessons['packages'][number]['groupSize']) =>
    min !== max
      ? t('club.groupSize', { min, max })
      : t(min === 1 ? 'club.groupSizeSingle' : 'club.groupSizeExact', { min });
  return (
    <section className="section tinted" id="lessen" aria-labelledby="lessen-title">
      <div className="container">
        <div className="section-heading">
          <h2 id="lessen-title">{t('lessons.title')}</h2>
        </div>
        {intro && <Prose html={intro} className="measure lead" />}
        <ul className="package-grid">
          {packages.map((item) => (
            <li key={item.id} className={`package package-${item.id}`}>
              <h3>{item.name[locale]}</h3>
              <p className="pill">{groupSize(item.groupSize)}</p>
              <p className="package-text">{firstSentence(item.description[locale])}</p>
              <p className="package-price">
                <span>{t('lessons.from')}</span> <strong>{formatPrice(item.pricePerLesson, locale)}</strong>{' '}
                <span>{t('lessons.perLesson')}</span>
              </p>
              <a
                className="button package-action"
                href={href('clubs')}
                aria-label={t('lessons.actionFor', { name: item.name[locale] })}
              >
                {t('lessons.action')}
                <Icon name="arrow-right" size={18} />
              </a>
            </li>
          ))}
        </ul>
        <div className="levels-row">
          <h3 className="levels-title">{t('club.youthLevels')}</h3>
          <ul className="levels">
            {youthLevels.map((level) => (
              <li key={level.id} className={`level level-${level.id}`}>
                <strong>{level.name[locale]}</strong>{' '}
                <span>{t('club.ages', { min: level.minAge, max: level.maxAge })}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
