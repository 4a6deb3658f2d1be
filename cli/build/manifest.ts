import type { SiteConfig } from '../../shared/config.ts';
import { outputFile, routePath } from '../../shared/paths.ts';
import type { PageRoute } from '../routes/types.ts';
import type { SiteManifestInput } from '../../shared/site-manifest.ts';
import { eventFacts, registrationPage } from './event-facts.ts';

/**
 * dist/site.json: what `site serve` needs to know of the site without the sources.
 * `events`: the site's events (model or validated content), for the registration functions.
 */
export function siteManifest(
  config: SiteConfig,
  pages: PageRoute[],
  events: Parameters<typeof eventFacts>[0] = [],
): SiteManifestInput {
  const registration = registrationPage(pages);
  const shells = pages.filter((page) => page.shell && page.entity.kind !== 'status');
  return {
    url: config.url,
    name: config.name,
    officeEmail: config.officeEmail,
    locales: config.locales.all,
    defaultLocale: 'nl',
    notFound: { nl: '/404.html', en: '/en/404.html' },
    home: { nl: routePath(config, 'home', 'nl'), en: routePath(config, 'home', 'en') },
    stagingLogin: { nl: routePath(config, 'staging-login', 'nl'), en: routePath(config, 'staging-login', 'en') },
    stagingLoginFailed: {
      nl: routePath(config, 'staging-login-failed', 'nl'),
      en: routePath(config, 'staging-login-failed', 'en'),
    },
    formResults: {
      sent: {
        nl: routePath(config, 'form-sent', 'nl', { id: '[id]' }),
        en: routePath(config, 'form-sent', 'en', { id: '[id]' }),
      },
      failed: {
        nl: routePath(config, 'form-failed', 'nl', { id: '[id]' }),
        en: routePath(config, 'form-failed', 'en', { id: '[id]' }),
      },
    },
    rewrites: shells.flatMap((page) =>
      page.paths.map((path) => ({ source: path.replace('[id]', ':id'), destination: `/${outputFile(path)}` })),
    ),
    canonicalQuery: config.canonicalQuery,
    firebase: { projectId: config.firebase.projectId },
    events: eventFacts(events, pages),
    ...(registration ? { registrationPage: registration } : {}),
  };
}
