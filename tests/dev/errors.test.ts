import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { catalogue } from '../../cli/errors/catalogue.ts';
import type { ProjectCopy } from './helpers/project.ts';
import { startDev, type DevProcess } from './helpers/dev-process.ts';
import { devOnCopy } from './helpers/dev-on-copy.ts';
import { getPage, isChangeOf, openEvents, type DevEvent } from './helpers/events.ts';

/**
 * Mistakes under `site dev`: each shows in the browser (overlay, with the catalogue's code, file,
 * line, field and hint) and in the terminal, the server stays up, and fixing the file clears it.
 */
let project: ProjectCopy;
let dev: DevProcess;

devOnCopy(
  (copy, started) => {
    project = copy;
    dev = started;
  },
  () => dev, // a test starts it again
);

const ARTICLE = 'content/nl/news/1-voorjaarslessen-starten-op-31-maart.md';
const ARTICLE_PATH = '/nieuws/1-voorjaarslessen-starten-op-31-maart';
const problems = (event: DevEvent) => event.event === 'problems';
const ok = (event: DevEvent) => event.event === 'ok';
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const decode = (html: string) => html.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);

/** Break a file, check what the browser and the terminal get, then put it back and check it clears. */
async function breakAndFix(
  file: string,
  broken: (text: string) => string,
  expectations: (overlay: string, terminal: string) => void,
) {
  const page = await getPage(dev.url, ARTICLE_PATH);
  const events = await openEvents(dev.url, ARTICLE_PATH, page);
  const original = await project.read(file);
  const mark = dev.output().length;
  try {
    await project.write(file, broken(original));
    // writeFile empties a file before it writes it: on a busy machine the watcher may read it
    // empty and show that error first, then look again 60 ms later (cli/build/incremental/watcher.ts) and show
    // the written text's. The first problems event that meets the expectations counts; if none
    // comes, the last unmet expectation is the failure.
    let unmet: unknown;
    for (let from = 0; ; ) {
      const shown = await events.next(problems, 30_000, from).catch((timeout: unknown) => {
        throw unmet ?? timeout;
      });
      from = events.events.indexOf(shown) + 1;
      await dev.waitForOutput(/error/, mark);
      try {
        expectations(decode(shown.data.html!), dev.output().slice(mark));
        break;
      } catch (error) {
        unmet = error;
      }
    }
    // A page asked for meanwhile: the last good version, with the overlay on top.
    const served = await getPage(dev.url, ARTICLE_PATH);
    expect(served.status).toBe(200);
    expect(served.html).toContain('id="site-dev-overlay"');
    const from = events.events.length;
    await project.write(file, original);
    await events.next(ok, 30_000, from);
    expect((await getPage(dev.url, ARTICLE_PATH)).html).not.toContain('id="site-dev-overlay"');
    expect(dev.alive()).toBe(true);
  } finally {
    events.close();
    // A failed expectation must not leave the file broken for the tests after it.
    if ((await project.read(file)) !== original) await project.write(file, original);
  }
}

describe('content errors', () => {
  test('broken front matter: YAML_SYNTAX with file, line and hint, in the browser and the terminal', async () => {
    await breakAndFix(
      ARTICLE,
      (text) => text.replace(/^title: (.*)$/m, 'title: "$1'),
      (overlay, terminal) => {
        expect(overlay).toContain('YAML_SYNTAX');
        expect(overlay).toMatch(new RegExp(`${ARTICLE}:\\d+`));
        expect(overlay).toContain(catalogue.YAML_SYNTAX.hint({ problem: '' }));
        expect(terminal).toContain('YAML_SYNTAX');
        expect(terminal).toContain(ARTICLE);
      },
    );
  });

  test('a field against its schema: CONTENT_SCHEMA_MISMATCH names the field and its line', async () => {
    await breakAndFix(
      ARTICLE,
      (text) => text.replace(/^summary: .*$/m, `summary: "${'Te lang. '.repeat(30)}"`),
      (overlay, terminal) => {
        expect(overlay).toContain('CONTENT_SCHEMA_MISMATCH');
        expect(overlay).toContain(`${ARTICLE}:6`);
        expect(overlay).toContain('field: summary');
        expect(overlay).toContain('at most 200 characters');
        expect(terminal).toContain(`CONTENT_SCHEMA_MISMATCH  ${ARTICLE}:6`);
      },
    );
  });

  test('two clubs whose names make one path: ROUTE_COLLISION at the later club, naming both', async () => {
    const clubs = 'content/data/clubs.yaml';
    const line = (await project.read(clubs)).split('\n').indexOf('  name: TV Breukelen') + 1;
    await breakAndFix(
      clubs,
      (text) => text.replace('  name: TV Breukelen', '  name: LTC De Kéi'),
      (overlay, terminal) => {
        expect(overlay).toContain('ROUTE_COLLISION');
        expect(overlay).toContain(`${clubs}:${line}`);
        expect(overlay).toContain(
          '(club 1 "LTC De Kei", a redirect to /verenigingen/1-ltc-de-kei) and by content/data/clubs.yaml (club 2 "LTC De Kéi", a redirect to /verenigingen/2-ltc-de-kei)',
        );
        expect(terminal).toContain(`ROUTE_COLLISION  ${clubs}:${line}`);
      },
    );
  });

  test('an unknown image: IMAGE_NOT_FOUND with the names there are', async () => {
    await breakAndFix(
      ARTICLE,
      (text) => text.replace(/^image: .*$/m, 'image: court-clay-99'),
      (overlay) => {
        expect(overlay).toContain('IMAGE_NOT_FOUND');
        expect(overlay).toContain('no image "court-clay-99"');
      },
    );
  });

  test('a page with errors from the start: every page is the overlay until the fix', async () => {
    await dev.stop();
    await project.write(ARTICLE, (await project.read(ARTICLE)).replace(/^id: 1$/m, 'id: een'));
    dev = await startDev(project.root);
    const broken = await getPage(dev.url, ARTICLE_PATH);
    expect(broken.status).toBe(500);
    expect(decode(broken.html)).toContain('CONTENT_SCHEMA_MISMATCH');
    const events = await openEvents(dev.url, ARTICLE_PATH, broken);
    try {
      await project.edit(ARTICLE, /^id: een$/m, 'id: 1');
      await events.next(isChangeOf(ARTICLE_PATH));
      expect((await getPage(dev.url, ARTICLE_PATH)).status).toBe(200);
    } finally {
      events.close();
    }
  }, 180_000);
});

describe('code errors', () => {
  test('a template that does not compile: COMPILE_FAILED at its file; the fix reloads the open pages', async () => {
    const page = await getPage(dev.url, '/kampen');
    const events = await openEvents(dev.url, '/kampen', page);
    const file = 'templates/entry.tsx';
    const original = await project.read(file);
    try {
      await project.write(file, original.replace('export function renderPage', 'export function renderPage(('));
      const shown = await events.next(problems);
      expect(decode(shown.data.html!)).toContain('COMPILE_FAILED');
      expect(decode(shown.data.html!)).toContain('templates/entry.tsx:');
      expect((await getPage(dev.url, '/kampen')).status).toBe(200);
      const from = events.events.length;
      await project.write(file, original.replace('`<!doctype html>${', '`<!doctype html><!-- fixed -->${'));
      await events.next(ok, 30_000, from);
      await events.next(isChangeOf('/kampen'), 30_000, from);
      expect((await getPage(dev.url, '/kampen')).html).toContain('<!-- fixed -->');
    } finally {
      events.close();
    }
  });

  test('an empty templates/entry.tsx (an editor half-way through a save): one TEMPLATE_ENTRY_INVALID; the saved file reloads the open pages', async () => {
    const page = await getPage(dev.url, '/kampen');
    const events = await openEvents(dev.url, '/kampen', page);
    const file = 'templates/entry.tsx';
    const original = await project.read(file);
    try {
      await project.write(file, '');
      const shown = await events.next(problems);
      const overlay = decode(shown.data.html!);
      expect(overlay).toContain('TEMPLATE_ENTRY_INVALID');
      expect(overlay).toContain('it exports nothing');
      expect(overlay).not.toContain('TEMPLATE_FAILED');
      expect((await getPage(dev.url, '/kampen')).status).toBe(200);
      const from = events.events.length;
      // The test before leaves its own mark after the doctype: this one goes right after it.
      const saved = original.replace('`<!doctype html>', '`<!doctype html><!-- saved -->');
      expect(saved).not.toBe(original);
      await project.write(file, saved);
      await events.next(ok, 30_000, from);
      await events.next(isChangeOf('/kampen'), 30_000, from);
      expect((await getPage(dev.url, '/kampen')).html).toContain('<!-- saved -->');
    } finally {
      events.close();
    }
  });

  test('a function saved is live on the next request; a broken one shows in the overlay', async () => {
    const probe = async () => {
      const response = await fetch(`${dev.url}/api/dev-probe`);
      return `${response.status} ${response.status === 200 ? await response.text() : ''}`.trim();
    };
    const waitFor = async (expected: string) => {
      for (let tries = 0; tries < 300 && (await probe()) !== expected; tries++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await probe()).toBe(expected);
    };
    expect(await probe()).toBe('404');
    const file = 'functions/index.ts';
    const original = await project.read(file);
    const withProbe = (answer: string) =>
      original.replace(
        'export const routes: readonly Route[] = [',
        `export const routes: readonly Route[] = [\n  { method: 'GET', pattern: '/api/dev-probe', handler: async () => new Response('${answer}') },`,
      );
    await project.write(file, withProbe('probe one'));
    await waitFor('200 probe one');
    await project.write(file, withProbe('probe two'));
    await waitFor('200 probe two');

    const page = await getPage(dev.url, '/kampen');
    const events = await openEvents(dev.url, '/kampen', page);
    try {
      await project.write(file, `${original}\nexport const = ;\n`);
      const shown = await events.next(problems);
      expect(decode(shown.data.html!)).toContain('functions/index.ts:');
      const from = events.events.length;
      await project.write(file, original);
      await events.next(ok, 30_000, from);
      await waitFor('404');
    } finally {
      events.close();
    }
  });

  test("forms post from the dev server's own origin; other origins are refused", async () => {
    const post = (origin: string) =>
      fetch(`${dev.url}/mail/send-new`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: '{}',
      });
    expect((await post(dev.url)).status).toBe(400);
    expect((await post('https://elders.example')).status).toBe(403);
  });
});

describe('the server never dies', () => {
  test('a renamed folder: errors meanwhile, the site back once it is back', async () => {
    const page = await getPage(dev.url, ARTICLE_PATH);
    const events = await openEvents(dev.url, ARTICLE_PATH, page);
    try {
      await rename(join(project.root, 'content/nl/news'), join(project.root, 'content/nl/nieuws'));
      const shown = await events.next(problems);
      expect(decode(shown.data.html!)).toContain('CONTENT_UNKNOWN_FILE');
      const from = events.events.length;
      await rename(join(project.root, 'content/nl/nieuws'), join(project.root, 'content/nl/news'));
      await events.next(ok, 30_000, from);
      expect((await getPage(dev.url, ARTICLE_PATH)).status).toBe(200);
    } finally {
      events.close();
    }
  });

  test('a deleted data file and site.config.yaml: errors meanwhile, the site back once they are back', async () => {
    const page = await getPage(dev.url, ARTICLE_PATH);
    const events = await openEvents(dev.url, ARTICLE_PATH, page);
    try {
      for (const file of ['content/data/clubs.yaml', 'site.config.yaml']) {
        const original = await project.read(file);
        const from = events.events.length;
        await project.remove(file);
        await events.next(problems, 30_000, from);
        const back = events.events.length;
        await project.write(file, original);
        await events.next(ok, 30_000, back);
      }
      expect((await getPage(dev.url, ARTICLE_PATH)).status).toBe(200);
      expect(dev.alive()).toBe(true);
    } finally {
      events.close();
    }
  });
});
