import { HttpError, json, requestLocale } from '../http.ts';
import type { FunctionHandler } from '../types.ts';
import { eventStateAt } from '../../shared/event-clock.ts';
import { mayAccess, mayConfirm, requestToken, signedInVisitor } from './access.ts';
import { say } from './copy.ts';
import { findEvent } from '../../shared/event-facts.ts';
import { sendAfterCommit } from './mail-queue.ts';
import { writeRules } from './mails.ts';
import { withExistingStore, withStoreForWrite } from './store-access.ts';
import { registrationView } from './view.ts';

/**
 * POST /api/registrations/:id/confirm with the mail link's token (X-Registration-Token), or the
 * session of a visitor whose verified address it is: the sign-up gets its place, or its number on
 * the waitlist, now (store-writes.ts). A POST from a button, never the GET of opening the link:
 * mail scanners open links by themselves, and must not confirm for anyone.
 * Confirming twice changes nothing; an expired one says so; anyone else gets 404.
 */
export const confirmOne: FunctionHandler = async (request, env, context) => {
  const locale = requestLocale(request);
  const words = say[locale];
  const id = context.params.id ?? '';
  const found = await withExistingStore(env, locale, (store) => store.get(id), undefined);
  const token = requestToken(request);
  const visitor = found && !mayConfirm(found, null, token) ? await signedInVisitor(request, env, locale) : null;
  if (!found || !mayAccess(found, visitor, token)) throw new HttpError(404, words.notFound);
  // The account that made it, without the mail's link: the address is still unproven.
  if (!mayConfirm(found, visitor, token)) throw new HttpError(403, words.confirmByMail(found.email));
  const event = findEvent(env.site.events, found.eventId);
  if (found.status === 'expired') throw new HttpError(409, words.expired);
  if (found.status === 'pending' && (!event || eventStateAt(event) === 'past'))
    throw new HttpError(409, words.eventPast);

  const outcome = await withStoreForWrite(env, locale, async (store) => {
    const written = await store.confirm(id, found.eventId, writeRules(env.site, event, env.confirmMinutes));
    if (written?.kind === 'confirmed') await sendAfterCommit(env, store, written.mails);
    return written;
  });
  if (!outcome) throw new HttpError(404, words.notFound);
  // Its time ran out between the read above and the lock.
  if (outcome.registration.status === 'expired') throw new HttpError(409, words.expired);
  return json(200, { registration: registrationView(outcome.registration, event) });
};
