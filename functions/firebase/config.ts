/** The one Cloud Function every dynamic path is rewritten to (firebase.json and the entry agree). */
export const FIREBASE_FUNCTION = { functionId: 'api', region: 'europe-west1' } as const;

/** The English 404 page, written beside the function's bundle (the build copies it there). */
export const NOT_FOUND_EN = 'not-found.en.html';

/**
 * The packages the function loads at run time, left out of the bundle: Firebase's own two (the
 * runtime wires them up) and pg (its optional native binding cannot be bundled). dist/functions
 * gets them at the versions of the project's lockfile.
 */
export const FUNCTIONS_PACKAGES = ['firebase-functions', 'firebase-admin', 'pg'] as const;

/**
 * Secrets the function asks for (Cloud Secret Manager; `firebase deploy` refuses or asks for a
 * value when one is not set): mail always, PostgreSQL when the site takes event registrations.
 */
export const SECRETS = {
  SMTP_URL: 'SMTP server every mail goes through: smtp://user:password@host:587 or smtps://user:password@host:465.',
  DATABASE_URL:
    'PostgreSQL server of the event registrations: postgres://user:password@host:5432/database (add ?sslmode=require over the internet).',
} as const;

export type SecretName = keyof typeof SECRETS;

/** The secrets a site's function needs: registrations (events that take sign-ups) need a database. */
export function requiredSecrets(site: { events: readonly unknown[] }): SecretName[] {
  return site.events.length > 0 ? ['SMTP_URL', 'DATABASE_URL'] : ['SMTP_URL'];
}

/**
 * Connections each instance keeps to PostgreSQL. An instance serves one request at a time
 * (256 MiB gets a fraction of a CPU, so Cloud Functions runs it with concurrency 1), so two are
 * plenty, and MAX_INSTANCES x 2 stays within a small server's max_connections.
 */
export const POOL_SIZE_PER_INSTANCE = 2;
export const MAX_INSTANCES = 10;

/** Origins of the project's default Hosting site: forms posted from there are the site's own. */
export function hostingOrigins(projectId: string | undefined): string[] {
  if (!projectId || projectId.startsWith('demo-')) return [];
  return [`https://${projectId}.web.app`, `https://${projectId}.firebaseapp.com`];
}
