export type EventSignupState = 'open' | 'deadline-passed' | 'past';

/** Whether an event still takes sign-ups at `now` (local `YYYY-MM-DDTHH:mm`, compared as text). */
export function eventSignupState(event: { start: string; deadline: string }, now: string): EventSignupState {
  if (now >= event.start) return 'past';
  if (now > event.deadline) return 'deadline-passed';
  return 'open';
}
