import type { SignupCardState, SignupCardText } from '../../islands/index.ts';
import type { Club } from '../../cli/content/schemas/data.ts';
import { formatDate, useSite } from '../lib/site.tsx';
import { Island } from './Island.tsx';

/**
 * A club's sign-up card: rendered as of the build date, then re-evaluated by the signup-window
 * island with the visitor's date, since the page is built once and the calendar moves. The
 * sentences are written out here, dates included, so the browser needs no date formatting. The
 * closed states lead to the page's question form (`#vraag`).
 */
export function SignupWindow({ club, places }: { club: Club; places: string }) {
  const { t, locale, buildDate } = useSite();
  const date = (iso: string | undefined) => (iso ? formatDate(iso, locale) : '');
  const dates = {
    lessonStartDate: club.lessonStartDate,
    signupEndDate: club.signupEndDate,
    ...(club.signupStartDate ? { signupStartDate: club.signupStartDate } : {}),
  };
  const lessons = date(club.lessonStartDate);
  const ask = (key: string) => ({ label: t(`club.signup.${key}.action`), href: '#vraag' });
  const states: Record<SignupCardState, SignupCardText> = {
    upcoming: {
      message: t('club.signup.upcoming.message', { date: date(club.signupStartDate) }),
      note: t('club.signup.upcoming.note', { date: lessons }),
      action: ask('upcoming'),
    },
    open: {
      message: t('club.signup.open.message', { date: date(club.signupEndDate) }),
      note: t('club.signup.open.note', { date: lessons }),
      action: { label: t('club.signUpAt'), href: club.link },
    },
    closed: {
      message: t('club.signup.closed.message'),
      note: t('club.signup.closed.note', { date: lessons }),
      action: ask('closed'),
    },
    'closed-no-date': {
      message: t('club.signup.closedNoDate.message'),
      note: t('club.signup.closedNoDate.note'),
      action: ask('closedNoDate'),
    },
  };
  return (
    <Island
      name="signup-window"
      props={{
        dates,
        builtOn: buildDate,
        states,
        places,
        tooltip: { id: 'signup-tooltip', text: t('club.signUpTooltip') },
      }}
      load="idle"
    />
  );
}
