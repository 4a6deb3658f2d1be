import type { Mailer } from './mail/mailer.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { RegistrationsHandle } from './registrations/service.ts';
import type { SiteManifest } from '../shared/site-manifest.ts';
import type { StagingSettings } from './staging/settings.ts';

/** Everything a function needs besides the request, resolved once at start-up (see env.ts). */
export interface FunctionEnv {
  site: SiteManifest;
  mailer: Mailer;
  /** Largest request body accepted, in bytes. */
  bodyLimit: number;
  /** Proxies of ours in front (SITE_TRUST_PROXY): how far from the right of X-Forwarded-For the client is (client-address.ts). */
  trustedProxies: number;
  /** Per client per minute: posts (SITE_RATE_LIMIT) and reads (SITE_READ_RATE_LIMIT). */
  rateLimits: { posts: RateLimiter; reads: RateLimiter };
  /**
   * Origins allowed to post besides the site's URL: the platform's own (Firebase Hosting domains),
   * SITE_ALLOWED_ORIGINS, and the addresses `site serve` or `site dev` listens on. Never derived
   * from a request.
   */
  allowedOrigins: readonly string[];
  /** Present when STAGING=1. */
  staging: StagingSettings | undefined;
  session: { projectId: string; checkRevoked: boolean };
  /** Event registrations' database: DATABASE_URL, else PGlite in SITE_DATA_DIR (opened on first use). */
  registrations: RegistrationsHandle;
  /** How long a guest has to confirm a sign-up from its mail (SITE_CONFIRM_HOURS, in minutes). */
  confirmMinutes: number;
  log(line: string): void;
}

/** Per-request facts the router knows and a handler may need. */
export interface RequestContext {
  clientIp: string;
  /** `:name` segments of the matched route. */
  params: Record<string, string>;
}

export type FunctionHandler = (request: Request, env: FunctionEnv, context: RequestContext) => Promise<Response>;
