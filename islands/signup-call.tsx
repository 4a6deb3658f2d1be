import { useEffect, useState } from 'react';
import { Icon } from './components/Icon.tsx';
import { placesLeft } from './lib/registrations-api.ts';
import { eventStateAt } from '../shared/event-clock.ts';
import type { EventSignupState } from '../shared/event-state.ts';

const arrowRight = '<path d="M5 12h14m-7-7l7 7l-7 7"/>';

export interface SignupCallProps {
  eventId: number;
  start: string;
  deadline: string;
  /** The state on the day the page was built: the server's answer until the browser knows better. */
  built: EventSignupState;
  href: string;
  text: { signUp: string; waitlist: string; deadlinePassed: string; eventPast: string };
}

/**
 * An event's sign-up button, or why there is none. A static page is built once and read for
 * weeks, so the deadline and the start are checked again against the visitor's clock (on Dutch
 * time, like the server), and a full event's button says the sign-up goes on the waitlist.
 */
export default function SignupCall({ eventId, start, deadline, built, href, text }: SignupCallProps) {
  const [state, setState] = useState<EventSignupState>(built);
  const [full, setFull] = useState(false);
  useEffect(() => {
    setState(eventStateAt({ start, deadline }));
    void placesLeft().then((places) => setFull(places?.[eventId]?.placesLeft === 0));
  }, [eventId, start, deadline]);
  if (state !== 'open') {
    return (
      <p className="notice" data-signup-state={state}>
        {state === 'past' ? text.eventPast : text.deadlinePassed}
      </p>
    );
  }
  return (
    <a className="button" href={href} data-event-signup={eventId} data-signup-state="open">
      {full ? text.waitlist : text.signUp}
      <Icon icon={arrowRight} size={18} />
    </a>
  );
}
