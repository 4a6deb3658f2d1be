import type { RegistrationView } from '../../shared/registration-view.ts';

/** A registration as the functions show it (types only: nothing of functions/ reaches the browser). */
export type Registration = RegistrationView;
/** Its event, when the site still has it. */
export type RegistrationEvent = Extract<RegistrationView['event'], { title: unknown }>;

export const hasEvent = (event: RegistrationView['event']): event is RegistrationEvent => 'title' in event;

/** The words for a registration's status and facts, in the page's language. */
export interface RegistrationText {
  status: Record<Registration['status'], string>;
  /** The word "Status". */
  statusLabel: string;
  /** "Op de wachtlijst (plek {position})". */
  waitlistPosition: string;
  event: string;
  date: string;
  participant: string;
  email: string;
  remarks: string;
  registeredOn: string;
  view: string;
}

export function statusText(
  registration: Pick<Registration, 'status' | 'waitlistPosition'>,
  text: RegistrationText,
): string {
  if (registration.status === 'waitlisted' && registration.waitlistPosition !== null)
    return text.waitlistPosition.replace('{position}', String(registration.waitlistPosition));
  return text.status[registration.status];
}
