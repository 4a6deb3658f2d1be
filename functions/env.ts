import { join } from 'node:path';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createRateLimiter } from './rate-limit.ts';
import { registrationsHandle } from './registrations/service.ts';
import { siteName, type SiteManifest } from '../shared/site-manifest.ts';
import { stagingSettings } from './staging/settings.ts';
import { FunctionConfigError } from './config-error.ts';
import type { FunctionEnv } from './types.ts';

export interface FunctionEnvOptions {
  site: SiteManifest;
  /** Environment variables (process.env, or a test's own record). */
  vars: Record<string, string | undefined>;
  /** Where `.site/outbox` goes when SITE_OUTBOX is not set. */
  root: string;
  log?: (line: string) => void;
  /** A ready mailer (tests); otherwise made from SMTP_URL / SITE_OUTBOX. */
  mailer?: Mailer;
  /** Where the functions run, when that is not one machine with its own disk: Firebase. */
  platform?: {
    /** Origins that are the site's own besides its url (the project's Hosting domains). */
    origins: readonly string[];
    /** PostgreSQL connections per instance. */
    poolSize: number;
  };
}

function wholeNumber(vars: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = vars[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new FunctionConfigError(name, `expected a whole number, received "${raw}"`);
  return value;
}

/** An origin as a browser writes it in `Origin` (lower-case host, no default port), so a string compare holds. */
function parseOrigin(origin: string): string {
  const problem = () =>
    new FunctionConfigError('SITE_ALLOWED_ORIGINS', `"${origin}" is not an origin like https://example.nl`);
  if (!/^https?:\/\/[^/?#]+$/i.test(origin)) throw problem();
  try {
    return new URL(origin).origin;
  } catch {
    throw problem();
  }
}

function confirmHours(vars: Record<string, string | undefined>): number {
  const hours = wholeNumber(vars, 'SITE_CONFIRM_HOURS', 24);
  if (hours < 1)
    throw new FunctionConfigError(
      'SITE_CONFIRM_HOURS',
      'a guest needs at least 1 hour to confirm from the mail; expected a whole number of hours, 1 or more',
    );
  return hours;
}

/**
 * The variables the functions read, all in one place:
 * SMTP_URL, MAIL_FROM, SITE_OUTBOX, SITE_RATE_LIMIT (posts per minute per address, default 20;
 * 0 turns every limit off), SITE_READ_RATE_LIMIT (function reads per minute per address, 0 = off,
 * default 120),
 * SITE_BODY_LIMIT (bytes, default 65536), SITE_ALLOWED_ORIGINS (comma-separated),
 * SITE_TRUST_PROXY (how many proxies of ours stand in front, default 0),
 * STAGING, STAGING_PASSWORD, STAGING_SECRET, STAGING_MAX_AGE, FIREBASE_PROJECT_ID (else
 * GCLOUD_PROJECT, else site.json firebase.projectId), SESSION_CHECK_REVOKED (default 1),
 * DATABASE_URL (PostgreSQL for registrations), SITE_DATA_DIR (embedded database, default .site/data),
 * SITE_CONFIRM_HOURS (time a guest has to confirm a sign-up from its mail, default 24).
 * A bad value throws FunctionConfigError naming it.
 */
export function createFunctionEnv(options: FunctionEnvOptions): FunctionEnv {
  const { site, vars } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const extraOrigins = (vars.SITE_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map(parseOrigin);
  const databaseUrl = vars.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new FunctionConfigError('DATABASE_URL', 'expected postgres://user:password@host:5432/database');
  // A platform keeps no files between instances: registrations there are PostgreSQL's or nobody's.
  if (!databaseUrl && options.platform)
    log(
      'registrations: DATABASE_URL is not set, so sign-ups and registration pages answer 503; set the DATABASE_URL secret (docs/deploy.md#database)',
    );
  else if (!databaseUrl && vars.K_SERVICE)
    log(
      'registrations: DATABASE_URL is not set, so registrations go to an embedded database this container loses; set DATABASE_URL',
    );
  // SITE_RATE_LIMIT=0 turns rate limiting off as a whole (say, a proxy in front limits instead).
  const postsPerMinute = wholeNumber(vars, 'SITE_RATE_LIMIT', 20);
  const projectId = vars.FIREBASE_PROJECT_ID ?? vars.GCLOUD_PROJECT ?? site.firebase?.projectId ?? 'demo-site';
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: vars.SMTP_URL || undefined,
      outboxDir: vars.SITE_OUTBOX ?? join(options.root, '.site', 'outbox'),
      from: vars.MAIL_FROM ?? { name: siteName(site), address: site.officeEmail },
      log,
    });
  return {
    site,
    mailer,
    bodyLimit: wholeNumber(vars, 'SITE_BODY_LIMIT', 64 * 1024),
    trustedProxies: wholeNumber(vars, 'SITE_TRUST_PROXY', 0),
    rateLimits: {
      posts: createRateLimiter(postsPerMinute),
      reads: createRateLimiter(postsPerMinute === 0 ? 0 : wholeNumber(vars, 'SITE_READ_RATE_LIMIT', 120)),
    },
    allowedOrigins: [...(options.platform?.origins ?? []), ...extraOrigins],
    staging: stagingSettings(vars),
    session: { projectId, checkRevoked: vars.SESSION_CHECK_REVOKED !== '0' },
    registrations: registrationsHandle(
      {
        databaseUrl,
        dataDir: options.platform ? undefined : vars.SITE_DATA_DIR || join(options.root, '.site', 'data'),
        poolSize: options.platform?.poolSize,
      },
      log,
    ),
    confirmMinutes: confirmHours(vars) * 60,
    log,
  };
}
