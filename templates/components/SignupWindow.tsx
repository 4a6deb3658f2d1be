import type { Club } from '../../cli/content/schemas/data.ts';
import { formatDate, useSite } from '../lib/site.tsx';
import { signupWindow } from '../lib/signup-window.ts';

/**
 * Whether sign-up is open, as of the build date. The page is built once and the calendar
 * moves, so an island re-evaluates this in the browser with the visitor's date.
 */
export function SignupWindow({ club }: { club: Pick<Club, 'lessonStartDate' | 'signupStartDate' | 'signupEndDate'> }) {
  const { t, locale, buildDate } = useSite();
  const state = signupWindow(club, buildDate);
  const date = (iso: string) => formatDate(iso, locale);
  const message =
    state.state === 'open'
      ? t('club.signupOpenUntil', { date: date(state.until) })
      : state.state === 'upcoming'
        ? t('club.signupOpensOn', { date: date(state.opensOn) })
        : t('club.signupClosed', { date: date(state.nextLessonStart) });
  return (
    <p className={`signup-window signup-${state.state}`} data-signup-window={JSON.stringify(club)}>
      {message}
    </p>
  );
}
