/**
 * Where every server function lives: method and path pattern, in matching order (the first route
 * of a method that matches wins). functions/index.ts gives each its handler; the Node server, the
 * Firebase adapter and the Hosting rewrites in firebase.json all come from this one list. The
 * build reads it here, without the handlers: they load Firebase Admin and nodemailer, a third of
 * a second of CPU that `site build` does not need.
 */
export interface RoutePath {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  pattern: string;
}

export const ROUTE_PATHS = {
  sendMail: { method: 'POST', pattern: '/mail/send-new' },
  updateSession: { method: 'POST', pattern: '/api/__session' },
  readSession: { method: 'GET', pattern: '/api/__session' },
  stagingLogin: { method: 'POST', pattern: '/api/staging-login' },
  register: { method: 'POST', pattern: '/api/registrations' },
  listMine: { method: 'GET', pattern: '/api/registrations' },
  // Before /:id, which would take "places" for an id.
  placesLeft: { method: 'GET', pattern: '/api/registrations/places' },
  getOne: { method: 'GET', pattern: '/api/registrations/:id' },
  confirmOne: { method: 'POST', pattern: '/api/registrations/:id/confirm' },
  cancelOne: { method: 'POST', pattern: '/api/registrations/:id/cancel' },
} as const satisfies Record<string, RoutePath>;

export type RouteName = keyof typeof ROUTE_PATHS;

export const routePaths: readonly RoutePath[] = Object.values(ROUTE_PATHS);
