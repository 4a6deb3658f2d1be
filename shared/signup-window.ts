export interface SignupDates {
  lessonStartDate: string;
  signupStartDate?: string | undefined;
  signupEndDate: string;
}

export type SignupState =
  | { state: 'upcoming'; opensOn: string }
  | { state: 'open'; until: string }
  // The next lesson start is only named while it is still ahead: a closed window whose lessons
  // began in the past has no known next start (the club's next dates are not published yet).
  | { state: 'closed'; nextLessonStart?: string };

/**
 * A club's sign-up window on a given day (ISO dates compare as strings). Pure: used at build and,
 * by the signup-window island, in the browser with the visitor's own date.
 */
export function signupWindow(dates: SignupDates, today: string): SignupState {
  const day = today.slice(0, 10);
  if (dates.signupStartDate && day < dates.signupStartDate)
    return { state: 'upcoming', opensOn: dates.signupStartDate };
  if (day <= dates.signupEndDate) return { state: 'open', until: dates.signupEndDate };
  return day < dates.lessonStartDate
    ? { state: 'closed', nextLessonStart: dates.lessonStartDate }
    : { state: 'closed' };
}

/** The visitor's calendar date (their time zone, not UTC: sign-up closes at their midnight). */
export function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
