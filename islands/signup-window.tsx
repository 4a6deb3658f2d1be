import { useEffect, useState } from 'react';
import { Icon } from './components/Icon.tsx';
import { Tooltip } from './components/Tooltip.tsx';
import { localDate, signupWindow, type SignupDates, type SignupState } from '../shared/signup-window.ts';

/** Lucide "external-link" (ISC): its shapes, drawn with the stroke <Icon> sets; tests/islands/icons.test.ts compares. */
export const externalLinkIcon =
  '<path d="M15 3h6v6m-11 5L21 3m-3 10v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6"/>';

/** What the card says in one state: a message, a note under it, and its one action. */
export interface SignupCardText {
  message: string;
  note?: string;
  action: { label: string; href: string };
}

/** The card's four states (issue 19): not yet open, open, closed with the lessons ahead, closed with nothing known. */
export type SignupCardState = 'upcoming' | 'open' | 'closed' | 'closed-no-date';

export interface SignupWindowProps {
  dates: SignupDates;
  /** The day the page was built: the server's answer, shown until the browser knows better. */
  builtOn: string;
  /** Each state's words, dates already written out in the page's language. */
  states: Record<SignupCardState, SignupCardText>;
  /** "24 plekken vrij": shown while sign-up is open, and only then. */
  places?: string;
  /** The open state's action is the club's page on the lesson platform, another site: this says so. */
  tooltip: { id: string; text: string };
}

export function cardState(state: SignupState): SignupCardState {
  if (state.state === 'closed') return state.nextLessonStart ? 'closed' : 'closed-no-date';
  return state.state;
}

/**
 * A club's sign-up card (spec §4, issue 19): one message and one action for each state of the
 * window. A static page is built once but read for months, so the browser works the state out
 * again with the visitor's own date. Only an open window offers the sign-up link (with the free
 * places); the other states lead to the question form.
 */
export default function SignupWindow({ dates, builtOn, states, places, tooltip }: SignupWindowProps) {
  const [today, setToday] = useState(builtOn);
  useEffect(() => setToday(localDate(new Date())), []);
  const state = cardState(signupWindow(dates, today));
  const { message, note, action } = states[state];
  return (
    <div className={`signup-card signup-${state}`} data-signup-state={state}>
      <p className="signup-message">{message}</p>
      {note && <p className="signup-note">{note}</p>}
      {state === 'open' && places && <p className="pill signup-places">{places}</p>}
      {state === 'open' ? (
        <Tooltip id={tooltip.id} content={tooltip.text}>
          {(trigger) => (
            <a href={action.href} className="button signup-action" rel="noopener" {...trigger}>
              {action.label}
              <Icon icon={externalLinkIcon} size={18} />
            </a>
          )}
        </Tooltip>
      ) : (
        <a href={action.href} className="button button-outline signup-action">
          {action.label}
        </a>
      )}
    </div>
  );
}
