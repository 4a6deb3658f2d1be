import type { Club } from '../../cli/content/schemas/data.ts';
import { formatDate, useSite } from '../lib/site.tsx';
import { Island } from './Island.tsx';
import { SignupWindow } from './SignupWindow.tsx';
import { Icon } from './Icon.tsx';

/** Free places at a club, as a label. */
export function Availability({ count }: { count: number }) {
  const { t } = useSite();
  const text = count === 0 ? t('club.availabilityNone') : count === 1 ? t('club.availabilityOne') : t('club.availability', { count });
  return (
    <p className={count === 0 ? 'pill pill-muted' : 'pill'}>
      <Icon name={count === 0 ? 'hourglass' : 'circle-check'} size={16} /> {text}
    </p>
  );
}

/** A club's sign-up panel: whether sign-up is open, free places, the button to YourTennis, the facts. */
export function ClubFacts({ club }: { club: Club }) {
  const { t, locale } = useSite();
  const courts = (['clay', 'hard', 'indoor'] as const).filter((kind) => club.courts[kind] > 0).map((kind) => `${club.courts[kind]} ${t(`club.${kind}`).toLowerCase()}`);
  return (
    <aside className="facts" aria-labelledby="facts-title">
      <h2 id="facts-title">{t('common.signUp')}</h2>
      <SignupWindow club={club} />
      <Availability count={club.availability} />
      <Island
        name="tooltip-link"
        props={{ id: 'signup-tooltip', href: club.link, label: t('club.signUpAt'), tooltip: t('club.signUpTooltip'), className: 'button', external: true }}
        load="visible"
      />
      <dl>
        <dt>{t('club.city')}</dt>
        <dd>{club.city}</dd>
        <dt>{t('club.courts')}</dt>
        <dd>{courts.join(', ')}</dd>
        <dt>{t('club.lessonStart')}</dt>
        <dd>{formatDate(club.lessonStartDate, locale)}</dd>
      </dl>
    </aside>
  );
}
