import { HttpError, json, requestLocale } from '../http.ts';
import type { FunctionHandler } from '../types.ts';
import { mayAccess, requestToken, signedInVisitor } from './access.ts';
import { say } from './copy.ts';
import { findEvent } from '../../shared/event-facts.ts';
import { sendAfterCommit } from './mail-queue.ts';
import { writeRules } from './mails.ts';
import { withExistingStore, withStoreForWrite } from './store-access.ts';
import { registrationView } from './view.ts';

/**
 * POST /api/registrations/:id/cancel, by the holder of the link (X-Registration-Token) or the
 * owner's session; anyone else gets 404. The place goes to the first on the waitlist in the same
 * transaction, and that person gets a mail. Cancelling twice changes nothing the second time.
 */
export const cancelOne: FunctionHandler = async (request, env, context) => {
  const locale = requestLocale(request);
  const id = context.params.id ?? '';
  const found = await withExistingStore(env, locale, (store) => store.get(id), undefined);
  const token = requestToken(request);
  const allowed =
    found && (mayAccess(found, null, token) || mayAccess(found, await signedInVisitor(request, env, locale), token));
  if (!found || !allowed) throw new HttpError(404, say[locale].notFound);
  const event = findEvent(env.site.events, found.eventId);
  if (found.status !== 'cancelled' && found.status !== 'expired' && !registrationView(found, event).cancellable)
    throw new HttpError(409, say[locale].cannotCancel);

  const outcome = await withStoreForWrite(env, locale, async (store) => {
    const written = await store.cancel(id, found.eventId, writeRules(env.site, event, env.confirmMinutes));
    if (written?.kind === 'cancelled') await sendAfterCommit(env, store, written.mails);
    return written;
  });
  if (!outcome) throw new HttpError(404, say[locale].notFound);
  return json(200, { registration: registrationView(outcome.registration, event) });
};
