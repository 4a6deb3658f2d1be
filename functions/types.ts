import type { Mailer } from './mail/mailer.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { RegistrationsHandle } from './registrations/service.ts';
import type { SiteManifest } from './site.ts';
import type { StagingSettings } from './staging/settings.ts';

/** Everything a function needs besides the request, resolved once at start-up (see env.ts). */
export interface FunctionEnv {
  site: SiteManifest;
  mailer: Mailer;
  /** Largest request body accepted, in bytes. */
  bodyLimit: number;
  rateLimiter: RateLimiter;
  /** Origins allowed to post: the site's URL, the platform's own (Firebase Hosting domains) and SITE_ALLOWED_ORIGINS. */
  allowedOrigins: readonly string[];
  /** Present when STAGING=1. */
  staging: StagingSettings | undefined;
  session: { projectId: string; checkRevoked: boolean };
  /** Event registrations' database: DATABASE_URL, else PGlite in SITE_DATA_DIR (opened on first use). */
  registrations: RegistrationsHandle;
  log(line: string): void;
}

/** Per-request facts the router knows and a handler may need. */
export interface RequestContext {
  clientIp: string;
  /** `:name` segments of the matched route. */
  params: Record<string, string>;
}

export type FunctionHandler = (request: Request, env: FunctionEnv, context: RequestContext) => Promise<Response>;

/** A bad environment variable, named, so the operator can fix it before the server starts. */
export class FunctionConfigError extends Error {
  readonly variable: string;
  constructor(variable: string, problem: string) {
    super(`${variable}: ${problem}`);
    this.name = 'FunctionConfigError';
    this.variable = variable;
  }
}
