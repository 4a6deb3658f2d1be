import { HttpError, json, readJson, requestLocale } from '../http.ts';
import type { FunctionEnv, FunctionHandler } from '../types.ts';
import { mayAccess, sameAddress, signedInVisitor } from './access.ts';
import { say } from './copy.ts';
import { findEvent } from '../../shared/event-facts.ts';
import { eventStateAt } from '../../shared/event-clock.ts';
import { parseSignUp, peekSignUp } from './input.ts';
import { sendAfterCommit } from './mail-queue.ts';
import { writeRules } from './mails.ts';
import { withStoreForWrite } from './store-access.ts';
import { linkPath, registrationView } from './view.ts';

/** A bot fills every field, including the one people never see. */
const isBot = (record: Record<string, unknown>) => typeof record.website === 'string' && record.website.trim() !== '';

/**
 * What a guest hears after any sign-up: a new one, the same person again, or a bot. One answer
 * for all, so nobody learns from it whether someone else signed up with that address; what
 * differs goes to the address itself (the request to confirm, or the link once more).
 */
const checkYourMail = (env: FunctionEnv, email: string) =>
  json(202, { pending: true, email, confirmHours: env.confirmMinutes / 60 });

/**
 * POST /api/registrations: sign up for an event; refused after the deadline or once the event
 * started (checked against the built site's facts and the Dutch wall clock, never against what the
 * browser says). A guest's sign-up holds no place until they confirm from the mail it sends
 * (store-writes.ts); a signed-in visitor signing up with their verified address is placed at once
 * (confirmed while places are left, else on the waitlist) and gets the registration's link.
 */
export const createRegistrationHandler: FunctionHandler = async (request, env, context) => {
  const fallback = requestLocale(request);
  const body = await readJson(request, env.bodyLimit, fallback);
  const { record, locale, eventId } = peekSignUp(body, fallback);
  const words = say[locale];
  if (isBot(record)) {
    // Answered as a guest is, without a registration or a mail; logged to trace a false positive.
    env.log(`registrations: honeypot filled by ${context.clientIp}; nothing stored`);
    return checkYourMail(env, typeof record.email === 'string' ? record.email.trim() : '');
  }
  const event = eventId === undefined ? undefined : findEvent(env.site.events, eventId);
  if (!event) throw new HttpError(404, words.noEvent, 'event');
  const state = eventStateAt(event);
  if (state !== 'open') throw new HttpError(409, state === 'past' ? words.eventPast : words.deadlinePassed, 'event');
  const signUp = parseSignUp(record, locale, event);
  const visitor = await signedInVisitor(request, env, locale);
  const signer = {
    uid: visitor?.uid ?? null,
    addressProven: visitor?.verifiedEmail !== undefined && sameAddress(visitor.verifiedEmail, signUp.email),
  };

  const rules = writeRules(env.site, event, env.confirmMinutes);
  const { outcome, mailSent } = await withStoreForWrite(env, locale, async (store) => {
    const written = await store.create(signUp, signer, rules);
    return {
      outcome: written,
      mailSent: written.kind === 'too-many-pending' || (await sendAfterCommit(env, store, written.mails)),
    };
  });
  // 409 (the state of that address), not 429: waiting is no help, confirming is.
  if (outcome.kind === 'too-many-pending')
    throw new HttpError(409, words.tooManyPending(rules.pendingPerAddress), 'email');
  const { registration } = outcome;
  // Their own, signed in: straight to it, with its link.
  if (outcome.kind === 'duplicate' && mayAccess(registration, visitor, undefined)) {
    return json(200, {
      registration: registrationView(registration, event),
      link: linkPath(env.site, registration),
      existing: true,
    });
  }
  if (outcome.kind === 'created' && registration.status !== 'pending') {
    return json(201, {
      registration: registrationView(registration, event),
      link: linkPath(env.site, registration),
      mailSent,
    });
  }
  return checkYourMail(env, signUp.email);
};
