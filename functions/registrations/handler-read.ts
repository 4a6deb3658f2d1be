import { HttpError, json, requestLocale } from '../http.ts';
import type { FunctionHandler } from '../types.ts';
import { mayAccess, mayConfirm, requestToken, signedInVisitor } from './access.ts';
import { say } from './copy.ts';
import { findEvent } from '../../shared/event-facts.ts';
import { withExistingStore } from './store-access.ts';
import { placesOf, registrationView } from './view.ts';

/**
 * GET /api/registrations: the signed-in visitor's registrations, and their name and address for
 * the sign-up form. A guest gets `signedIn: false` with status 200, not a 401: the pages ask on
 * every visit, and a guest is a normal answer, not an error in the browser's console.
 */
export const listMine: FunctionHandler = async (request, env) => {
  const locale = requestLocale(request);
  const visitor = await signedInVisitor(request, env, locale);
  if (!visitor) return json(200, { signedIn: false, registrations: [] });
  const registrations = await withExistingStore(env, locale, (store) => store.listFor(visitor), []);
  return json(200, {
    signedIn: true,
    profile: { name: visitor.name ?? null, email: visitor.email ?? null },
    registrations: registrations.map((registration) =>
      registrationView(registration, findEvent(env.site.events, registration.eventId)),
    ),
  });
};

/**
 * GET /api/registrations/:id with the link's token (X-Registration-Token) or the owner's
 * session. A wrong token, someone else's session and an id that does not exist all get the same
 * 404, so nobody can learn which ids exist.
 */
export const getOne: FunctionHandler = async (request, env, context) => {
  const locale = requestLocale(request);
  const id = context.params.id ?? '';
  const registration = await withExistingStore(env, locale, (store) => store.get(id), undefined);
  const token = requestToken(request);
  // The session is only read when the token does not already open it (verifying costs a key fetch).
  const visitor =
    registration && !mayConfirm(registration, null, token) ? await signedInVisitor(request, env, locale) : null;
  if (!registration || !mayAccess(registration, visitor, token)) throw new HttpError(404, say[locale].notFound);
  // Whether this visitor can confirm it here (the mail's link, or their verified address), or must use the mail.
  const confirmable = registration.status === 'pending' && mayConfirm(registration, visitor, token);
  return json(200, {
    registration: registrationView(registration, findEvent(env.site.events, registration.eventId)),
    confirmable,
  });
};

/**
 * GET /api/registrations/places: places left per event of the built site, for the live figure on
 * the event pages (the page's own figure, from the build, is the fallback). `?event=<id>` for one.
 */
export const placesLeft: FunctionHandler = async (request, env) => {
  const wanted = new URL(request.url).searchParams.get('event');
  const events = wanted === null ? env.site.events : env.site.events.filter((event) => String(event.id) === wanted);
  if (wanted !== null && events.length === 0) throw new HttpError(404, say[requestLocale(request)].noEvent, 'event');
  const counts = await withExistingStore(
    env,
    requestLocale(request),
    (store) => store.counts(),
    new Map<number, { confirmed: number; waitlisted: number }>(),
  );
  const response = json(200, {
    events: Object.fromEntries(events.map((event) => [event.id, placesOf(event, counts.get(event.id))])),
  });
  // Every event page asks this. A shared cache (Firebase Hosting's CDN) may answer for 15 s, so a
  // crowd on one page is one function call; browsers always ask again (max-age=0).
  response.headers.set('cache-control', 'public, max-age=0, s-maxage=15');
  return response;
};
