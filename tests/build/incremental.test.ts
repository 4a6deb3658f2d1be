import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ical from 'node-ical';
import { copyProject, projectRoot, runSite } from '../helpers/project-copy.ts';
import { fileHashes } from './helpers.ts';

// Each test runs several whole builds, one after the other: on a busy 2-core machine that is more
// than the default minute, and a test cut off at its limit goes on building under the next one.
describe('incremental builds', { timeout: 300_000 }, () => {
  let project: string;
  // The first build is the setup, not what is tested: with a cold cache (a fresh clone in CI) it
  // encodes every photo and draws every card, and gets the hook's time, not one test's.
  beforeAll(async () => {
    project = await copyProject();
    const first = await runSite(project, ['build']);
    expect(first.code, first.stderr).toBe(0);
  }, 600_000);
  afterAll(async () => {
    await rm(project, { recursive: true, force: true });
  });

  it('skips a build when nothing changed, and re-renders only the pages an edit touches', async () => {
    const again = await runSite(project, ['build', '--json']);
    expect(again.code, again.stderr).toBe(0);
    // Nothing at all is made: no page, card, feed or search index (no `found`).
    expect(JSON.parse(again.stdout)).toMatchObject({ unchanged: true, pages: 0, files: 0 });
    expect(JSON.parse(again.stdout)).not.toHaveProperty('found');
    // A build with nothing to do loads no stage: no React, Markdown renderer, sharp, HTML parser, esbuild, YAML parser or
    // schema library (zod: the config is in the digest, not read again; issue 21).
    const log = join(project, 'modules.log');
    const quiet = await runSite(project, ['build'], {
      env: { NODE_OPTIONS: `--import ${join(projectRoot, 'tests/helpers/module-log.mjs')}`, MODULE_LOG: log },
    });
    expect(quiet.stdout).toMatch(/nothing changed since the last build/);
    const loaded = (await readFile(log, 'utf8')).split('\n');
    expect(loaded.filter((url) => url.includes('/.site/cli/'))).toContain(
      pathToFileURL(join(project, '.site/cli/main.cjs')).href,
    );
    expect(
      loaded.filter((url) =>
        /node_modules\/(react|react-dom|markdown-it|sharp|htmlparser2|esbuild|yaml|js-yaml|zod)\//.test(url),
      ),
    ).toEqual([]);
    // zod is bundled into main.cjs (bin/commonjs-bundle.mjs): its globals say whether its code ran.
    expect(loaded.filter((line) => line.startsWith('global:__zod'))).toEqual([]);

    const article = join(
      project,
      'content/nl/news',
      (await readdir(join(project, 'content/nl/news'))).find((f) => f.startsWith('3-'))!,
    );
    await writeFile(
      article,
      (await readFile(article, 'utf8')).replace(/\n---\n/, `\n---\n\nEen extra alinea voor de test, ${Date.now()}.\n`),
    );
    const edited = await runSite(project, ['build', '--json'], {
      env: { NODE_OPTIONS: `--import ${join(projectRoot, 'tests/helpers/module-log.mjs')}`, MODULE_LOG: log },
    });
    expect(edited.code, edited.stderr).toBe(0);
    // The same probe sees zod when a build validates an edited file, so its silence above means something.
    expect((await readFile(log, 'utf8')).split('\n')).toContain('global:__zod_globalConfig');
    const result = JSON.parse(edited.stdout) as {
      pages: number;
      rendered: number;
      found: { cards: { made: number }; search: { pages: number; files: number; tokenised: number; kept: number } };
    };
    // The article's two Dutch files and its English page (which reads the whole item, both
    // languages), and the three of the news list page that shows it: a page depends on each
    // whole item it read while rendering (shared/model-reads.ts); the other pages stay as they were.
    expect(result.rendered).toBe(6);
    expect(result.pages).toBeGreaterThan(150);
    // Its card shows its title, not its text: nothing drawn. Its text is searched: the search
    // index reads the searchable pages rendered again (the Dutch and English article), no other.
    expect(result.found.cards.made).toBe(0);
    expect(result.found.search.tokenised).toBe(2);
    expect(result.found.search.pages).toBeGreaterThan(90);
    // The last build's index mended: most of its files linked as they were.
    expect(result.found.search.kept).toBeGreaterThan(result.found.search.files / 2);

    // A title edit: the index mends only the shards of the old and the new title's words
    // (tests/unit/search-index.test.ts); the cold build below compares every file's bytes.
    await writeFile(
      article,
      (await readFile(article, 'utf8')).replace(/^title: .*$/m, `title: Een nieuwe titel ${Date.now()}`),
    );
    const retitled = await runSite(project, ['build', '--json']);
    expect(retitled.code, retitled.stderr).toBe(0);
    const { search } = (JSON.parse(retitled.stdout) as typeof result).found;
    expect(search.tokenised).toBeGreaterThan(0);
    expect(search.files - search.kept).toBeLessThan(search.files / 4);
  });

  // A tsconfig.json changes how esbuild compiles the templates; a lockfile, which React runs.
  it.each(['tsconfig.json', 'package-lock.json'])('builds again when %s appears or changes', async (name) => {
    expect((await runSite(project, ['build'])).stdout).toMatch(/nothing changed since the last build/);
    const file = join(project, name);
    await writeFile(file, await readFile(join(projectRoot, name)));
    const added = await runSite(project, ['build']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).not.toMatch(/nothing changed/);
    await writeFile(file, `${await readFile(file, 'utf8')}\n`);
    expect((await runSite(project, ['build'])).stdout).not.toMatch(/nothing changed/);
    expect((await runSite(project, ['build'])).stdout).toMatch(/nothing changed since the last build/);
  });

  // What a page depends on is what its template read while it rendered, not a hand-kept list: the
  // home page's structured data names the socials page's links (sameAs), which the old list left
  // out, so the home page kept the old link until a cold build.
  it('re-renders every page that read the part of the content an edit changed', async () => {
    const socials = join(project, 'content/nl/pages/socials.md');
    const link = `https://www.instagram.com/baselinetennis.test${Date.now()}`;
    await writeFile(
      socials,
      (await readFile(socials, 'utf8')).replace('https://www.instagram.com/baselinetennis.nl', link),
    );
    const edited = await runSite(project, ['build', '--json']);
    expect(edited.code, edited.stderr).toBe(0);
    for (const home of ['index.html', 'nl.html', 'en.html'])
      expect(await readFile(join(project, 'dist/public', home), 'utf8'), home).toContain(link);
  });

  it('writes exactly what a cold build of the same content writes', async () => {
    const incremental = await fileHashes(join(project, 'dist', 'public'));
    const cold = await runSite(project, ['build', '--out', 'cold']);
    expect(cold.code, cold.stderr).toBe(0);
    const fresh = await fileHashes(join(project, 'cold', 'public'));
    expect([...incremental.keys()].sort()).toEqual([...fresh.keys()].sort());
    const differing = [...fresh].filter(([path, hash]) => incremental.get(path) !== hash).map(([path]) => path);
    expect(differing).toEqual([]);
    expect([...incremental.keys()].filter((path) => path.endsWith('rss.xml'))).toHaveLength(2);
  });

  it('keeps the CSP hash of an inline script an editor wrote while its page is reused, and drops it with the script', async () => {
    const newsDir = join(project, 'content/nl/news');
    const file = async (prefix: string) => join(newsDir, (await readdir(newsDir)).find((f) => f.startsWith(prefix))!);
    const scripted = await file('4-');
    const other = await file('5-');
    const script = "console.log('baseline')";
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    const csp = async () => {
      const config = JSON.parse(await readFile(join(project, 'dist', 'firebase.json'), 'utf8')) as {
        hosting: { headers: Array<{ headers: Array<{ key: string; value: string }> }> };
      };
      return config.hosting.headers
        .flatMap((rule) => rule.headers)
        .find((header) => header.key.toLowerCase() === 'content-security-policy')!.value;
    };
    const original = await readFile(scripted, 'utf8');
    await writeFile(scripted, original.replace(/\n---\n/, `\n---\n\n<script>${script}</script>\n`));
    expect((await runSite(project, ['build'])).code).toBe(0);
    expect(await csp()).toContain(hash);

    // Another article changes; the one with the script is linked from the previous build, not rendered.
    await writeFile(other, (await readFile(other, 'utf8')).replace(/\n---\n/, '\n---\n\nNog een alinea.\n'));
    const reused = await runSite(project, ['build', '--json']);
    expect(reused.code, reused.stderr).toBe(0);
    expect((JSON.parse(reused.stdout) as { rendered: number }).rendered).toBe(6);
    expect(await csp()).toContain(hash);

    await writeFile(scripted, original);
    expect((await runSite(project, ['build'])).code).toBe(0);
    expect(await csp()).not.toContain(hash);
  });

  // The copy is no git repository: an event's revision is when its files were last written.
  it("makes an edited event's calendar file an update of the same event: same UID, a higher SEQUENCE, a later DTSTAMP", async () => {
    const calendar = async (file: string) => {
      const text = await readFile(join(project, 'dist', 'public', file), 'utf8');
      const event = Object.values(ical.sync.parseICS(text)).find((entry) => entry?.type === 'VEVENT') as ical.VEvent;
      return {
        text,
        uid: event.uid,
        sequence: Number(event.sequence),
        stamp: event.dtstamp.getTime(),
        modified: event.lastmodified?.getTime(),
      };
    };
    const ics = async (folder: string, id: string) =>
      `${folder}/${(await readdir(join(project, 'dist', 'public', folder))).find((name) => name.startsWith(`${id}-`) && name.endsWith('.ics'))}`;
    const [moved, movedEnglish, other] = await Promise.all([
      ics('evenementen', '1'),
      ics('en/events', '1'),
      ics('en/events', '2'),
    ]);
    const [before, otherBefore] = await Promise.all([calendar(moved), calendar(other)]);
    expect(before.modified).toBe(before.stamp);

    const event = join(
      project,
      'content/nl/events',
      (await readdir(join(project, 'content/nl/events'))).find((f) => f.startsWith('1-'))!,
    );
    await writeFile(
      event,
      (await readFile(event, 'utf8')).replace('start: "2027-03-14T10:00"', 'start: "2027-03-14T10:30"'),
    );
    // An hour on: SEQUENCE counts minutes, and the copy may be younger than one.
    const later = new Date(before.stamp + 3_600_000);
    await utimes(event, later, later);
    const edited = await runSite(project, ['build']);
    expect(edited.code, edited.stderr).toBe(0);

    const after = await calendar(moved);
    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBe(before.sequence + 60);
    expect(after.stamp).toBe(later.getTime());
    expect(after.text).toMatch(/DTSTART;TZID=Europe\/Amsterdam:20270314T103000/);
    // The other events are as they were, to the byte; the English file of the moved one is revised too.
    expect((await calendar(other)).text).toBe(otherBefore.text);
    expect((await calendar(movedEnglish)).sequence).toBe(after.sequence);
    expect((await runSite(project, ['build'])).stdout).toMatch(/nothing changed since the last build/);
  });
});
