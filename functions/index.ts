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
import { ROUTE_PATHS, type RouteName } from './route-paths.ts';

/** A mail form's own kind names its "sent" page; a form with a kind it lacks gets a 400 before that. */
const mailFormPages = resultPages((fields) => (isFormKind(fields.kind) ? fields.kind : 'contact'));

/**
 * Every server function's handler, by its route (functions/route-paths.ts: method, path, order).
 * `plain`: the site's pages post a form here, which also works without JavaScript (plain-form.ts).
 */
const handlers: Record<RouteName, Pick<Route, 'handler' | 'plain'>> = {
  sendMail: { handler: sendNewMail, plain: mailFormPages },
  updateSession: { handler: updateSession },
  readSession: { handler: readSessionState },
  stagingLogin: { handler: stagingLogin, plain: stagingLoginPage },
  register: { handler: createRegistrationHandler, plain: resultPages(() => 'signup') },
  listMine: { handler: listMine },
  placesLeft: { handler: placesLeft },
  getOne: { handler: getOne },
  confirmOne: { handler: confirmOne },
  cancelOne: { handler: cancelOne },
};

export const routes: readonly Route[] = (Object.keys(ROUTE_PATHS) as RouteName[]).map((name) => ({
  ...ROUTE_PATHS[name],
  ...handlers[name],
}));

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
