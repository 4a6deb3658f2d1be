/**
 * The HTML gate (scripts/gates/html-validate.mjs with .htmlvalidate.mjs): every page of the
 * shared test build (`site build` as a user runs it) passes, and a page with real mistakes fails, named with its line and rule.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildSiteOnce } from '../helpers/islands-site.ts';
import { projectRoot } from '../helpers/project-copy.ts';

const gate = join(projectRoot, 'scripts', 'gates', 'html-validate.mjs');

async function validate(folder: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [gate, folder], {
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe('html-validate gate', () => {
  let tmp: string;
  let dist: string;
  beforeAll(async () => {
    [tmp, dist] = await Promise.all([mkdtemp(join(tmpdir(), 'site-html-')), buildSiteOnce()]);
  }, 240_000);
  afterAll(() => rm(tmp, { recursive: true, force: true }));

  test('every page of the built site is valid HTML', async () => {
    const run = await validate(join(dist, 'public'));
    expect(run.stdout).toMatch(/html-validate: \d+ distinct pages \(\d+ files\), no errors/);
    expect(run.code).toBe(0);
  }, 240_000);

  test('a page with mistakes fails, each named with file, line, column and rule', async () => {
    const bad = join(tmp, 'bad');
    await mkdir(bad);
    const page = await readFile(join(dist, 'public', 'kampen.html'), 'utf8');
    // A block inside a paragraph, an id used twice, an image without alt text.
    await writeFile(
      join(bad, 'kampen.html'),
      page.replace('<main', '<p>Kamp<div id="main">!</div></p><img src="/x.webp" width="1" height="1"><main'),
    );
    const run = await validate(bad);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^kampen\.html:\d+:\d+: error \[no-implicit-close\]/m);
    expect(run.stdout).toMatch(/^kampen\.html:\d+:\d+: error \[no-dup-id\] Duplicate ID "main"/m);
    expect(run.stdout).toMatch(/^kampen\.html:\d+:\d+: error \[wcag\/h37\]/m);
    expect(run.stdout).toContain('in 1 of 1 distinct pages');
  });

  test('no pages to check is a usage error, not a pass', async () => {
    const empty = join(tmp, 'empty');
    await mkdir(empty);
    expect((await validate(empty)).code).toBe(2);
    expect((await validate(join(tmp, 'missing'))).code).toBe(2);
  });
});
