import type { EventText } from '../../cli/content/types.ts';
import { eventSignupState } from '../../shared/event-state.ts';
import { registrationPages, signupFields, signupText } from '../lib/registration-props.ts';
import { useSite } from '../lib/site.tsx';
import { Island } from './Island.tsx';

/**
 * Sign-up for an event: who signs up, for whom, and the event's own questions. The event-signup
 * island renders it (here on the server, the same markup hydrated in the browser) and sends it to
 * POST /api/registrations.
 */
export function EventSignupForm({ event }: { event: EventText }) {
  const site = useSite();
  return (
    <Island
      name="event-signup"
      props={{
        id: 'event-signup',
        locale: site.locale,
        event: { id: event.id, start: event.start, deadline: event.deadline },
        built: eventSignupState(event, site.buildDate),
        fields: signupFields(site, event),
        text: signupText(site),
        registrationPage: registrationPages(site)[0]!,
      }}
      load="load"
    />
  );
}
