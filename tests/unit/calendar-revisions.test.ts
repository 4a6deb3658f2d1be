/**
 * An event's calendar revision (SEQUENCE, DTSTAMP) comes from when its files last changed: the
 * newest commit touching a file as committed, the file's modification time otherwise. A real git
 * repository in a temporary folder, commits dated by GIT_COMMITTER_DATE.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { calendarSources, changedAt, eventRevision } from '../../cli/build/calendar-revisions.ts';
import { classify } from '../../cli/content/classify.ts';
import { readContent } from '../../cli/content/read.ts';
import { repoRoot } from '../build/helpers.ts';
import type { ByLocale, EventText } from '../../cli/content/types.ts';

let repo: string;
/** The project is a folder inside the repository, as a site in a monorepo would be. */
let project: string;
const at = (seconds: number) => new Date(seconds * 1000);
const COMMITTED = 1_790_000_000;
const EDITED = 1_795_000_000;

async function write(path: string, text: string, mtime: number) {
  await mkdir(join(project, path, '..'), { recursive: true });
  await writeFile(join(project, path), text);
  await utimes(join(project, path), at(mtime), at(mtime));
}

function commit(message: string, seconds: number) {
  const date = `${seconds} +0000`;
  const env = {
    ...process.env,
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_DATE: date,
    GIT_AUTHOR_NAME: 't',
    GIT_AUTHOR_EMAIL: 't@example.org',
    GIT_COMMITTER_NAME: 't',
    GIT_COMMITTER_EMAIL: 't@example.org',
  };
  execFileSync('git', ['add', '-A'], { cwd: repo, env });
  execFileSync('git', ['commit', '-q', '-m', message], { cwd: repo, env });
}

beforeAll(async () => {
  repo = await mkdtemp(join(tmpdir(), 'site-revisions-'));
  project = join(repo, 'site');
  execFileSync('git', ['init', '-q'], { cwd: repo });
  await write('content/nl/events/1-open-dag.md', 'v1', 1);
  await write('content/en/events/1-open-day.md', 'v1', 1);
  await write('content/nl/events/2-kamp.md', 'v1', 1);
  await write('content/data/clubs.yaml', 'v1', 1);
  commit('first', COMMITTED - 1000);
  await write('content/nl/events/2-kamp.md', 'v2: moved', 1);
  commit('camp moved', COMMITTED);
  // Since: an uncommitted edit, a file never committed, a committed file merely touched.
  await write('content/en/events/1-open-day.md', 'v2: edited', EDITED);
  await write('content/en/events/2-camp.md', 'new', EDITED + 60);
  await utimes(join(project, 'content/data/clubs.yaml'), at(EDITED + 999), at(EDITED + 999));
});

afterAll(() => rm(repo, { recursive: true, force: true }));

describe('when the files of the calendar files last changed', () => {
  test('the events and the clubs are the sources; other content is not', () => {
    expect(
      calendarSources([
        'content/nl/events/1-a.md',
        'content/data/clubs.yaml',
        'content/nl/news/1-b.md',
        'content/data/lessons.yaml',
        'content/nl/pages/home.md',
      ]),
    ).toEqual(['content/nl/events/1-a.md', 'content/data/clubs.yaml']);
  });

  test("the same files classify() calls events and clubs, among the site's own and the edge cases", async () => {
    const paths = [
      ...(await readContent(repoRoot)).files.map((file) => file.path),
      'content/en/events/README.md',
      'content/nl/events/sub/1-a.md',
      'content/de/events/1-a.md',
      'content/nl/events/1-a.yaml',
      'content/data/clubs.yml',
    ];
    const byKind = paths.filter((path) => {
      const kind = classify(path);
      return kind.kind === 'clubs' || (kind.kind === 'markdown' && kind.collection === 'events');
    });
    expect(byKind.length).toBeGreaterThan(4);
    expect(calendarSources(paths)).toEqual(byKind);
  });

  test('a file as committed: its newest commit; edited or new: its modification time; touched only: still its commit', async () => {
    const times = await changedAt(project, [
      'content/nl/events/1-open-dag.md',
      'content/nl/events/2-kamp.md',
      'content/en/events/1-open-day.md',
      'content/en/events/2-camp.md',
      'content/data/clubs.yaml',
    ]);
    expect(Object.fromEntries(times)).toEqual({
      'content/nl/events/1-open-dag.md': COMMITTED - 1000,
      'content/nl/events/2-kamp.md': COMMITTED,
      'content/en/events/1-open-day.md': EDITED,
      'content/en/events/2-camp.md': EDITED + 60,
      'content/data/clubs.yaml': COMMITTED - 1000,
    });
  });

  test('committing the edit dates the file at the commit', async () => {
    const clone = await mkdtemp(join(tmpdir(), 'site-revisions-clone-'));
    try {
      execFileSync('git', ['clone', '-q', repo, clone]);
      // A fresh clone: every file written now, all dated by their commits.
      const times = await changedAt(join(clone, 'site'), [
        'content/nl/events/2-kamp.md',
        'content/nl/events/1-open-dag.md',
      ]);
      expect([...times.values()]).toEqual([COMMITTED, COMMITTED - 1000]);
    } finally {
      await rm(clone, { recursive: true, force: true });
    }
  });

  test('outside git: modification times', async () => {
    const plain = await mkdtemp(join(tmpdir(), 'site-revisions-plain-'));
    try {
      await writeFile(join(plain, 'a.md'), 'x');
      await utimes(join(plain, 'a.md'), at(EDITED + 0.9), at(EDITED + 0.9));
      expect(Object.fromEntries(await changedAt(plain, ['a.md', 'missing.md']))).toEqual({ 'a.md': EDITED });
    } finally {
      await rm(plain, { recursive: true, force: true });
    }
  });
});

describe("an event's revision", () => {
  const event = (files: Record<string, string>, location: EventText['location']) =>
    Object.fromEntries(
      Object.entries(files).map(([locale, source]) => [locale, { source, data: { location } }]),
    ) as unknown as ByLocale<EventText>;
  const changed = new Map([
    ['content/nl/events/1-a.md', 1_790_000_030],
    ['content/en/events/1-a.md', 1_790_000_100],
    ['content/data/clubs.yaml', 1_790_000_500],
  ]);

  test.each([
    [
      'at a club: the latest of its texts and the clubs',
      event({ nl: 'content/nl/events/1-a.md', en: 'content/en/events/1-a.md' }, { club: 1 }),
      1_790_000_500,
    ],
    [
      'at an address: the latest of its texts',
      event({ nl: 'content/nl/events/1-a.md', en: 'content/en/events/1-a.md' }, { address: 'Dorpsstraat 1, Ede' }),
      1_790_000_100,
    ],
    [
      'untranslated: the Dutch text stands for both',
      event({ nl: 'content/nl/events/1-a.md', en: 'content/nl/events/1-a.md' }, { address: 'Dorpsstraat 1, Ede' }),
      1_790_000_030,
    ],
  ])('%s', (_, item, seconds) => {
    expect(eventRevision(item, changed)).toEqual({ sequence: Math.floor(seconds / 60), stamp: at(seconds) });
  });

  test('SEQUENCE goes up with every later minute an edit is made, and fits a 32-bit integer until the year 6000', () => {
    const item = event({ nl: 'content/nl/events/1-a.md' }, { address: 'x' });
    const minute = 29_833_333 * 60;
    const sequences = [minute, minute + 59, minute + 60, minute + 100_000_000].map(
      (seconds) => eventRevision(item, new Map([['content/nl/events/1-a.md', seconds]])).sequence,
    );
    expect(sequences[1]).toBe(sequences[0]); // the same minute: DTSTAMP alone is later
    expect(sequences[2]).toBe(sequences[0]! + 1);
    expect(sequences[3]).toBeGreaterThan(sequences[2]!);
    expect(Math.floor(Date.UTC(6000, 0, 1) / 60_000)).toBeLessThan(2 ** 31); // RFC 5545's INTEGER is 32-bit
  });
});
