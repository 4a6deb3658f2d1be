import type { Club } from '../../cli/content/schemas/data.ts';
import { useSite } from '../lib/site.tsx';
import { SignupWindow } from './SignupWindow.tsx';
import { Icon } from './Icon.tsx';

/** "24 plekken vrij": free places at a club. */
export function availabilityText(t: (key: string, params?: Record<string, number>) => string, count: number): string {
  return count === 0
    ? t('club.availabilityNone')
    : count === 1
      ? t('club.availabilityOne')
      : t('club.availability', { count });
}

/** Free places at a club, as a label. */
export function Availability({ count }: { count: number }) {
  const { t } = useSite();
  const text = availabilityText(t, count);
  return (
    <p className={count === 0 ? 'pill pill-muted' : 'pill'}>
      <Icon name={count === 0 ? 'hourglass' : 'circle-check'} size={16} /> {text}
    </p>
  );
}

/** A club's sign-up panel: the sign-up card (its state, and one action), then the club's facts. */
export function ClubFacts({ club }: { club: Club }) {
  const { t, model, locale } = useSite();
  const region = model.lessons.regions.find((item) => item.id === club.region);
  const courts = (['clay', 'hard', 'indoor'] as const)
    .filter((kind) => club.courts[kind] > 0)
    .map((kind) => `${club.courts[kind]} ${t(`club.${kind}`).toLowerCase()}`);
  return (
    <aside className="facts" aria-labelledby="facts-title">
      <h2 id="facts-title">{t('common.signUp')}</h2>
      <SignupWindow club={club} places={availabilityText(t, club.availability)} />
      <dl>
        <dt>{t('club.city')}</dt>
        <dd>{club.city}</dd>
        {region && (
          <>
            <dt>{t('club.region')}</dt>
            <dd>{region.name[locale]}</dd>
          </>
        )}
        <dt>{t('club.courts')}</dt>
        <dd>{courts.join(', ')}</dd>
      </dl>
    </aside>
  );
}
