import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Locale } from '../../../shared/locale.ts';
import type { RenderInput } from '../../../templates/render-input.ts';
import { createSite } from '../../../templates/create-site.ts';
import type { Site } from '../../../templates/lib/site.tsx';
import { realConfig, repoRoot } from '../../unit/fixtures/model.ts';

const strings = (locale: Locale) =>
  parse(readFileSync(join(repoRoot, 'content', locale, 'strings.yaml'), 'utf8')) as Record<string, unknown>;

/**
 * A page's Site over the real site.config.yaml and the real strings files: what the templates
 * build the identity islands' props from (only the parts those builders read are filled).
 */
export function siteFor(locale: Locale, route: 'login' | 'home' = 'login'): Site {
  const input = {
    page: {
      key: route,
      route,
      locale,
      layout: 'default',
      entity: { kind: 'static' },
      paths: [],
      canonical: '/',
      shell: false,
    },
    model: { config: realConfig(), strings: { nl: strings('nl'), en: strings('en') } },
    images: {},
    assets: { css: '/site.css', islands: {} },
    buildDate: '2026-11-22',
  } as unknown as RenderInput;
  return createSite(input);
}
