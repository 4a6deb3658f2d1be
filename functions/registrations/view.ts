import type { SiteManifest } from '../../shared/site-manifest.ts';
import type { Locale } from '../../shared/locale.ts';
import { eventStateAt } from '../../shared/event-clock.ts';
import type { EventFacts } from '../../shared/event-facts.ts';
import type { RegistrationStatus, RegistrationView } from '../../shared/registration-view.ts';
import type { EventPlaces, Registration } from './types.ts';

const LIVE: ReadonlySet<RegistrationStatus> = new Set(['pending', 'confirmed', 'waitlisted']);

/** The registration as the browser sees it (shared/registration-view.ts says what that holds). */
export function registrationView(
  registration: Registration,
  event: EventFacts | undefined,
  now: Date = new Date(),
): RegistrationView {
  const state = event ? eventStateAt(event, now) : 'past';
  return {
    id: registration.id,
    status: registration.status,
    waitlistPosition: registration.waitlistPosition,
    locale: registration.locale,
    firstName: registration.firstName,
    surname: registration.surname,
    email: registration.email,
    participant: registration.participant,
    remarks: registration.remarks,
    answers: registration.answers,
    createdAt: registration.createdAt,
    cancelledAt: registration.cancelledAt,
    /** Until when a pending sign-up can be confirmed. */
    expiresAt: registration.status === 'pending' ? registration.expiresAt : null,
    event: event
      ? {
          id: event.id,
          title: event.title,
          start: event.start,
          end: event.end,
          page: event.page,
          questions: { nl: event.questions.nl.map(labelOf), en: event.questions.en.map(labelOf) },
        }
      : { id: registration.eventId },
    cancellable: LIVE.has(registration.status) && state !== 'past',
  };
}

const labelOf = (question: { id: string; label: string }) => ({ id: question.id, label: question.label });

/** The registration's page with its secret in the #fragment, which browsers never send anywhere. */
export function linkPath(
  site: SiteManifest,
  registration: Pick<Registration, 'id' | 'token' | 'locale'>,
  locale: Locale = registration.locale,
): string {
  const page =
    site.registrationPage?.[locale] ??
    (locale === 'en' ? '/en/events/registrations/[id]' : '/evenementen/inschrijvingen/[id]');
  return `${page.replace('[id]', encodeURIComponent(registration.id))}#token=${registration.token}`;
}

/**
 * The same on the site's configured address (site.json url), for mails. Never the request's
 * Host: a cancellation that promotes someone else would otherwise mail that person's secret link
 * to whatever host the canceller's request named.
 */
export function registrationLink(
  site: SiteManifest,
  registration: Pick<Registration, 'id' | 'token' | 'locale'>,
): string {
  return `${new URL(site.url).origin}${linkPath(site, registration)}`;
}

/** Places left as the pages show them: never below zero, even if capacity was lowered. */
export function placesOf(
  event: EventFacts,
  counts: { confirmed: number; waitlisted: number } | undefined,
): EventPlaces {
  const confirmed = counts?.confirmed ?? 0;
  return {
    capacity: event.capacity,
    confirmed,
    waitlisted: counts?.waitlisted ?? 0,
    placesLeft: Math.max(0, event.capacity - confirmed),
  };
}
