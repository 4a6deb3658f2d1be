export interface SignupDates {
  lessonStartDate: string;
  signupStartDate?: string | undefined;
  signupEndDate: string;
}

export type SignupState =
  | { state: 'upcoming'; opensOn: string }
  | { state: 'open'; until: string }
  | { state: 'closed'; nextLessonStart: string };

/** A club's sign-up window on a given day (ISO dates compare as strings). Pure: used at build and in the browser. */
export function signupWindow(dates: SignupDates, today: string): SignupState {
  const day = today.slice(0, 10);
  if (dates.signupStartDate && day < dates.signupStartDate) return { state: 'upcoming', opensOn: dates.signupStartDate };
  if (day <= dates.signupEndDate) return { state: 'open', until: dates.signupEndDate };
  return { state: 'closed', nextLessonStart: dates.lessonStartDate };
}
