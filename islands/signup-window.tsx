import { useEffect, useState } from 'react';
import { localDate, signupWindow, type SignupDates, type SignupState } from '../templates/lib/signup-window.ts';

export interface SignupWindowProps {
  dates: SignupDates;
  /** The day the page was built: the server's answer, shown until the browser knows better. */
  builtOn: string;
  /** The sentence for each state, dates already written out in the page's language. */
  text: { upcoming: string; open: string; closed: string; closedNoDate: string };
}

function sentence(state: SignupState, text: SignupWindowProps['text']): string {
  if (state.state === 'closed') return state.nextLessonStart ? text.closed : text.closedNoDate;
  return text[state.state];
}

/**
 * Whether a club's sign-up is open (spec §4). A static page is built once but read for months,
 * so the browser works it out again with the visitor's own date.
 */
export default function SignupWindow({ dates, builtOn, text }: SignupWindowProps) {
  const [today, setToday] = useState(builtOn);
  useEffect(() => setToday(localDate(new Date())), []);
  const state = signupWindow(dates, today);
  return (
    <p className={`signup-window signup-${state.state}`} data-signup-state={state.state}>
      {sentence(state, text)}
    </p>
  );
}
