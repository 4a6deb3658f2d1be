import { HttpError, json, readJson, requestLocale } from '../http.ts';
import type { FunctionHandler } from '../types.ts';
import { signedInVisitor } from './access.ts';
import { say } from './copy.ts';
import { findEvent } from './event-facts.ts';
import { eventStateAt } from '../../templates/lib/event-clock.ts';
import { parseSignUp, peekSignUp } from './input.ts';
import { sendRegistrationMail } from './mails.ts';
import { withStore } from './store-access.ts';
import { linkPath, registrationView } from './view.ts';

/** A bot fills every field, including the one people never see. */
const isBot = (record: Record<string, unknown>) => typeof record.website === 'string' && record.website.trim() !== '';

/**
 * POST /api/registrations: sign up for an event. Confirmed while places are left, otherwise on
 * the waitlist; refused after the deadline or once the event started (checked against the built
 * site's facts and the Dutch wall clock, never against what the browser says); the same person
 * twice for one event is refused. The answer carries the registration's link, so the visitor
 * reaches it at once even when the mail is slow or lost.
 */
export const createRegistrationHandler: FunctionHandler = async (request, env, context) => {
  const fallback = requestLocale(request);
  const body = await readJson(request, env.bodyLimit, fallback);
  const { record, locale, eventId } = peekSignUp(body, fallback);
  const words = say[locale];
  if (isBot(record)) {
    // Answered without a registration, so the bot learns nothing; logged to trace a false positive.
    env.log(`registrations: honeypot filled by ${context.clientIp}; nothing stored`);
    return json(202, { received: true });
  }
  const event = eventId === undefined ? undefined : findEvent(env.site.events, eventId);
  if (!event) throw new HttpError(404, words.noEvent, 'event');
  const state = eventStateAt(event);
  if (state !== 'open') throw new HttpError(409, state === 'past' ? words.eventPast : words.deadlinePassed, 'event');
  const signUp = parseSignUp(record, locale, event);
  const visitor = await signedInVisitor(request, env, locale);

  const outcome = await withStore(env, locale, (store) => store.create(signUp, visitor?.uid ?? null, event.capacity));
  if (outcome.kind === 'duplicate') throw new HttpError(409, words.duplicate, 'email');
  const { registration, promoted } = outcome;
  const mailSent = await sendRegistrationMail(env, registration.status === 'confirmed' ? 'confirmed' : 'waitlisted', registration, event);
  // Only after a capacity was raised in a rebuild: the waiting got those places first.
  for (const other of promoted) await sendRegistrationMail(env, 'promoted', other, event);
  return json(201, { registration: registrationView(registration, event), link: linkPath(env.site, registration), mailSent });
};
