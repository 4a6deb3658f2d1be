import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { parseConfig } from '../../cli/config/load.ts';
import type { ContentFiles } from '../../cli/content/read.ts';
import { buildModel } from '../../cli/content/model.ts';
import { renderMarkdown } from '../../cli/content/markdown.ts';
import { buildRoutes } from '../../cli/routes/routes.ts';
import type { ImageLookup } from '../../shared/images.ts';
import { renderPage } from '../../templates/entry.tsx';
import { change, errorsOf, formatted, realContent, validate, write } from './fixtures/content.ts';
import { repoRoot } from './fixtures/model.ts';

/**
 * Issue 20: a new page of text is a route line in site.config.yaml and its two Markdown files,
 * no code. Built here through the build's own stages (validate, model, routes, render).
 */
const configText = readFileSync(join(repoRoot, 'site.config.yaml'), 'utf8');
const withRoute = configText.replace(/^routes:\n/m, 'routes:\n  sponsors: { nl: /sponsors, en: /our-sponsors }\n');
const NL = 'content/nl/pages/sponsors.md';
const EN = 'content/en/pages/sponsors.md';
const page = (title: string, description: string) =>
  `---\ntitle: ${title}\ndescription: "${description}"\nhero:\n  image: trainer-team\n---\n${title}: tekst van de pagina.\n`;
const files = [
  write(
    NL,
    page(
      'Onze sponsors',
      'De bedrijven en verenigingen die Baseline Tennis steunen, en wat zij voor de jeugd mogelijk maken.',
    ),
  ),
  write(
    EN,
    page(
      'Our sponsors',
      'The companies and clubs that support Baseline Tennis, and what they make possible for young players.',
    ),
  ),
];

let content: ContentFiles;
const lineOfNav = (files: ContentFiles) =>
  files.files
    .find((file) => file.path === 'content/nl/strings.yaml')!
    .text.split('\n')
    .indexOf('nav:') + 1;
beforeAll(async () => {
  content = await realContent();
});

/** Every image as the image stage would describe it (one file each): enough for the templates. */
const lookup = (images: Map<string, string>): ImageLookup =>
  Object.fromEntries(
    [...images.keys()].map((name) => [
      name,
      {
        name,
        width: 1600,
        height: 1067,
        variants: [{ src: `/images/${name}.640.webp`, width: 640, height: 427 }],
        placeholder: '',
      },
    ]),
  );

describe('a new page of text from config and content alone', () => {
  test('its three paths, rendered by the text template in both languages', () => {
    expect(withRoute).not.toBe(configText);
    const config = parseConfig(withRoute);
    const { content: valid, problems } = validate(config, change(content, ...files));
    expect(formatted(errorsOf(problems))).toEqual([]);
    const { model } = buildModel(config, valid!, content.images, renderMarkdown);
    const pages = buildRoutes(model).filter((p) => p.route === 'sponsors');
    expect(pages.map((p) => [p.locale, p.paths])).toEqual([
      ['nl', ['/sponsors', '/nl/sponsors']],
      ['en', ['/en/our-sponsors']],
    ]);
    const assets = { css: '/site.css', islands: {}, cardVersion: 'test' };
    const html = Object.fromEntries(
      pages.map((p) => [
        p.locale,
        renderPage({ page: p, model, images: lookup(content.images), assets, buildDate: '2026-11-26' }),
      ]),
    );
    expect(html.nl).toContain('<h1');
    expect(html.nl).toContain('Onze sponsors');
    expect(html.nl).toContain('<link rel="canonical" href="https://www.baselinetennis.nl/sponsors"');
    expect(html.nl).toMatch(
      /<link rel="alternate" hrefLang="en" href="https:\/\/www\.baselinetennis\.nl\/en\/our-sponsors"/i,
    );
    expect(html.en).toContain('Our sponsors');
    expect(html.en).toContain('<html lang="en"');
  });

  test('in the menu, it needs its label: STRING_MISSING names the key, until it is there', () => {
    const config = parseConfig(withRoute.replace('  - route: contact\n', '  - route: contact\n  - route: sponsors\n'));
    const { problems } = validate(config, change(content, ...files));
    expect(formatted(errorsOf(problems))).toEqual([
      `error STRING_MISSING  content/nl/strings.yaml:${String(lineOfNav(content))}\n  The navigation of site.config.yaml shows the UI string nav.sponsors, and content/nl/strings.yaml has none.\n  hint: Add nav.sponsors (its text) to content/nl/strings.yaml, and to content/en/strings.yaml in English.`,
    ]);
    const labelled = (files: Map<string, string>) => {
      for (const [path, label] of [
        ['content/nl/strings.yaml', 'Sponsors'],
        ['content/en/strings.yaml', 'Sponsors'],
      ] as const)
        files.set(path, files.get(path)!.replace(/^nav:\n/m, `nav:\n  sponsors: ${label}\n`));
    };
    expect(formatted(errorsOf(validate(config, change(content, ...files, labelled)).problems))).toEqual([]);
  });

  test('the route without its page text: PAGE_CONTENT_MISSING names the file to create', () => {
    const { problems } = validate(parseConfig(withRoute), content);
    expect(formatted(errorsOf(problems))).toEqual([
      `error PAGE_CONTENT_MISSING  ${NL}\n  The route "sponsors" has no page text.\n  hint: Create ${NL} with a title, a description and a hero image.`,
    ]);
  });
});
