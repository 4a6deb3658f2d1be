import { sendNewMail } from './mail/handler.ts';
import { dispatch, matchPattern, type Route } from './router.ts';
import { cancelOne } from './registrations/handler-cancel.ts';
import { confirmOne } from './registrations/handler-confirm.ts';
import { createRegistrationHandler } from './registrations/handler-create.ts';
import { getOne, listMine, placesLeft } from './registrations/handler-read.ts';
import { updateSession } from './session/handler.ts';
import { readSessionState } from './session/state.ts';
import { stagingLogin, stagingLoginPage } from './staging/login.ts';
import { isFormKind } from './form-results.ts';
import { resultPages } from './plain-form.ts';
import type { FunctionEnv } from './types.ts';

/** A mail form's own kind names its "sent" page; a form with a kind it lacks gets a 400 before that. */
const mailFormPages = resultPages((fields) => (isFormKind(fields.kind) ? fields.kind : 'contact'));

/**
 * Every server function and where it lives. One line per route; the Node server, the Firebase
 * adapter and the Hosting rewrites in firebase.json are all derived from this list. `plain`: the
 * site's pages post a form here, which also works without JavaScript (plain-form.ts).
 */
export const routes: readonly Route[] = [
  { method: 'POST', pattern: '/mail/send-new', handler: sendNewMail, plain: mailFormPages },
  { method: 'POST', pattern: '/api/__session', handler: updateSession },
  { method: 'GET', pattern: '/api/__session', handler: readSessionState },
  { method: 'POST', pattern: '/api/staging-login', handler: stagingLogin, plain: stagingLoginPage },
  {
    method: 'POST',
    pattern: '/api/registrations',
    handler: createRegistrationHandler,
    plain: resultPages(() => 'signup'),
  },
  { method: 'GET', pattern: '/api/registrations', handler: listMine },
  // Before /:id, which would take "places" for an id (the first route of a method wins).
  { method: 'GET', pattern: '/api/registrations/places', handler: placesLeft },
  { method: 'GET', pattern: '/api/registrations/:id', handler: getOne },
  { method: 'POST', pattern: '/api/registrations/:id/confirm', handler: confirmOne },
  { method: 'POST', pattern: '/api/registrations/:id/cancel', handler: cancelOne },
];

/** The functions' answer to a request, or undefined when the path is not a function's. */
export function handleFunction(request: Request, env: FunctionEnv, clientIp: string): Promise<Response | undefined> {
  return dispatch(routes, request, env, clientIp);
}

/** Whether a function lives at this path (whatever the method), so the server reads its body. */
export function isFunctionPath(pathname: string): boolean {
  return routes.some((route) => matchPattern(route.pattern, pathname) !== undefined);
}

export { createFunctionEnv } from './env.ts';
export type { FunctionEnv, FunctionHandler, RequestContext } from './types.ts';
