import type { Club } from '../../cli/content/schemas/data.ts';
import { formatDate, useSite } from '../lib/site.tsx';
import { Island } from './Island.tsx';

/**
 * Whether sign-up is open: rendered as of the build date, then re-evaluated by the signup-window
 * island with the visitor's date, since the page is built once and the calendar moves. The
 * sentences are written out here, dates included, so the browser needs no date formatting.
 */
export function SignupWindow({ club }: { club: Pick<Club, 'lessonStartDate' | 'signupStartDate' | 'signupEndDate'> }) {
  const { t, locale, buildDate } = useSite();
  const date = (iso: string | undefined) => (iso ? formatDate(iso, locale) : '');
  const dates = { lessonStartDate: club.lessonStartDate, signupEndDate: club.signupEndDate, ...(club.signupStartDate ? { signupStartDate: club.signupStartDate } : {}) };
  const text = {
    upcoming: t('club.signupOpensOn', { date: date(club.signupStartDate) }),
    open: t('club.signupOpenUntil', { date: date(club.signupEndDate) }),
    closed: t('club.signupClosed', { date: date(club.lessonStartDate) }),
    closedNoDate: t('club.signupClosedNoDate'),
  };
  return <Island name="signup-window" props={{ dates, builtOn: buildDate, text }} load="idle" />;
}
