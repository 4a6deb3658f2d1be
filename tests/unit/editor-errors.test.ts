import { beforeAll, describe, expect, test } from 'vitest';
import type { ContentFiles } from '../../cli/content/read.ts';
import { buildModel } from '../../cli/content/model.ts';
import { renderMarkdown } from '../../cli/content/markdown.ts';
import { buildRedirects } from '../../cli/routes/redirects.ts';
import { devContentState } from '../helpers/dev-content.ts';
import { formatSummary } from '../../cli/build/summary.ts';
import {
  CAMPS,
  CLUBS,
  EVENT,
  NEWS,
  change,
  errorsOf,
  formatted,
  lineOf,
  realContent,
  replace,
  text,
  validate,
  write,
  type Change,
} from './fixtures/content.ts';
import { realConfig } from './fixtures/model.ts';

/**
 * Issue 20: an editor sees every mistake of every file in one run, each naming what it is about
 * (a club by id and name) and, where a name was mistyped, the name it was most likely meant to be.
 */

const config = realConfig();
let content: ContentFiles;
beforeAll(async () => {
  content = await realContent();
});

const OTHER_NEWS = 'content/nl/news/2-inschrijving-zomerkampen-2025-geopend.md';
const EN_EVENT = 'content/en/events/1-youth-tennis-open-day.md';
const COPY = 'content/nl/news/10-kopie.md';

const messages = (...changes: Change[]) => formatted(errorsOf(validate(config, change(content, ...changes)).problems));
/** `file:line` of the only line of the changed file holding `needle`. */
const at = (changes: Change[], file: string, needle: string) =>
  `${file}:${lineOf(text(change(content, ...changes), file), needle)}`;

describe('six typical mistakes in one run: all six reported', () => {
  const six: Change[] = [
    // 1 and 2: a copied article that keeps the id of its original, and has a day that does not exist.
    write(
      COPY,
      '---\nid: 1\ntitle: Kopie\ndate: "2025-02-30"\nimage: court-clay-3\nsummary: Een kopie.\n---\nTekst.\n',
    ),
    // 3: a YAML error in clubs.yaml ...
    replace(CLUBS, '  city: Veenendaal', '  city: Veenendaal: centrum'),
    // 4: ... and an event at a club that does not exist.
    replace(EVENT, 'location: { club: 3 }', 'location: { club: 99 }'),
    // 5: a field name in Dutch.
    replace(CAMPS, 'title: Kampen\n', 'titel: Kampen\n'),
    // 6: a misspelt image name.
    replace(OTHER_NEWS, /^image: .*$/m, 'image: youth-grop'),
  ];

  test('each with its file, line and the fix', () => {
    // Code, place and message of each error: the hint is the catalogue's.
    const printed = messages(...six)
      .map((p) => p.split('\n').slice(0, 2).join('\n'))
      .sort();
    const error = (code: string, where: string, message: string) => `error ${code}  ${where}\n  ${message}`;
    expect(printed).toEqual(
      [
        error(
          'YAML_SYNTAX',
          at(six, CLUBS, 'Veenendaal: centrum'),
          'Nested mappings are not allowed in compact mappings',
        ),
        error('CONTENT_DUPLICATE_ID', `${COPY}:2`, `news id 1 is used twice: here and in ${NEWS}.`),
        error('CONTENT_SCHEMA_MISMATCH', `${COPY}:4`, 'date: a real calendar date, received "2025-02-30"'),
        // Spelt `titel`, the title is missing too: the same mistake seen from the schema, at the same line.
        error(
          'CONTENT_SCHEMA_MISMATCH',
          at(six, CAMPS, 'titel:'),
          'title: required field is missing (expected string)',
        ),
        error(
          'CONTENT_SCHEMA_MISMATCH',
          at(six, CAMPS, 'titel:'),
          'titel: unknown field "titel" (did you mean "title"?)',
        ),
        error(
          'IMAGE_NOT_FOUND',
          at(six, OTHER_NEWS, 'youth-grop'),
          'image: no image "youth-grop" in content/images (did you mean "youth-group"?).',
        ),
        error(
          'CONTENT_UNKNOWN_REFERENCE',
          at(six, EVENT, 'club: 99'),
          `location.club: there is no club with id "99" (did you mean 9, "${clubName(9)}"?).`,
        ),
      ].sort(),
    );
  });

  test('the club check after a YAML error in clubs.yaml says its list may be incomplete', () => {
    const printed = messages(...six).find((p) => p.includes('CONTENT_UNKNOWN_REFERENCE'))!;
    expect(printed).toContain(
      'content/data/clubs.yaml has a YAML error, so this list holds only what could be read around it',
    );
  });

  test('an event at a known club stays fine when clubs.yaml has a YAML error elsewhere', () => {
    const printed = messages(replace(CLUBS, '  city: Veenendaal', '  city: Veenendaal: centrum'));
    expect(printed.map((p) => p.split('\n')[0]!.split(' ')[1])).toEqual(['YAML_SYNTAX']);
  });

  test('clubs.yaml that reads as no list at all: the club check says it could not run', () => {
    const { problems } = validate(
      config,
      change(content, write(CLUBS, 'clubs: none\n'), replace(EVENT, 'location: { club: 3 }', 'location: { club: 99 }')),
    );
    const skipped = formatted(problems.filter((p) => p.code === 'CONTENT_CHECK_SKIPPED'));
    expect(skipped).toEqual([
      `warning CONTENT_CHECK_SKIPPED  ${CLUBS}:1\n  No club list could be read from ${CLUBS}, so the clubs that events (location.club) name were not checked.\n  hint: Fix the problem in that file above; the next run checks them.`,
    ]);
  });

  test('a file with a schema mistake still has its references checked', () => {
    const printed = messages(
      replace(NEWS, /^id: 1$/m, 'id: een'),
      replace(NEWS, 'image: court-clay-3', 'image: court-clay-33'),
    );
    expect(printed.map((p) => p.split('\n')[1]!.trim())).toEqual([
      'id: expected number, received "een"',
      'image: no image "court-clay-33" in content/images (did you mean "court-clay-3"?).',
    ]);
  });

  test('a draft is not checked for references (it is not built)', () => {
    expect(messages(replace(NEWS, 'image: court-clay-3', 'image: court-clay-33\ndraft: true'))).toEqual([]);
  });
});

let clubNames: Map<number, string> | undefined;
function clubName(id: number): string {
  clubNames ??= new Map(
    [...text(content, CLUBS).matchAll(/^- id: (\d+)\n(?: {2}.*\n)*? {2}name: (.*)$/gm)].map((m) => [
      Number(m[1]),
      m[2]!,
    ]),
  );
  return clubNames.get(id)!;
}

describe('clubs: named by id and name, legacy fields optional', () => {
  const NEW_CLUB = [
    '',
    '- id: 21',
    '  name: TV Nieuwegein',
    '  city: Nieuwegein',
    '  region: utrecht-west',
    '  image: clubhouse-2',
    '  link: https://app.yourtennis.nl/inschrijven/tv-nieuwegein',
    '  lessonStartDate: "2025-09-29"',
    '  signupEndDate: "2025-09-07"',
    '  courts: { clay: 4, hard: 0, indoor: 0 }',
    '  availability: 12',
    '  offering: [group, youth]',
    '  headTrainers: []',
    '  schedule: []',
    '  intro: { nl: "Nieuw bij Baseline Tennis.", en: "New at Baseline Tennis." }',
    '',
  ].join('\n');
  const addClub =
    (club = NEW_CLUB): Change =>
    (files) =>
      void files.set(CLUBS, `${files.get(CLUBS)!.trimEnd()}\n${club}`);

  test('a new club without wpId, wpPath and yourtennisId is valid, has its page and no old-path redirect', () => {
    const { problems, content: valid } = validate(config, change(content, addClub()));
    expect(formatted(errorsOf(problems))).toEqual([]);
    const { model } = buildModel(config, valid!, content.images, renderMarkdown);
    const redirects = buildRedirects(model);
    expect(redirects).toContainEqual({ from: '/verenigingen/21', to: '/verenigingen/21-tv-nieuwegein', status: 301 });
    // Every other club keeps its old WordPress path.
    expect(
      redirects.filter(
        (r) =>
          r.to.startsWith('/verenigingen/') &&
          !r.from.startsWith('/verenigingen') &&
          !r.from.startsWith('/nl/') &&
          !r.from.startsWith('/en/') &&
          r.from.endsWith('/'),
      ),
    ).toHaveLength(20);
  });

  test('a mistake in a club names the club, not its place in the list', () => {
    const changes = [addClub(NEW_CLUB.replace('signupEndDate: "2025-09-07"', 'signupEndDate: "2025-10-07"'))];
    expect(messages(...changes).map((p) => p.split('\n').slice(0, 2).join('\n'))).toEqual([
      `error CONTENT_SCHEMA_MISMATCH  ${at(changes, CLUBS, '"2025-10-07"')}\n  club 21 "TV Nieuwegein", signupEndDate: sign-up must end before lessons start, received "2025-10-07"`,
    ]);
  });

  test('a club without a usable id is named by its place in words', () => {
    const changes = [addClub(NEW_CLUB.replace('- id: 21', '- id: eenentwintig'))];
    expect(messages(...changes).map((p) => p.split('\n')[1]!.trim())).toEqual([
      'club eenentwintig "TV Nieuwegein", id: expected number, received "eenentwintig"',
    ]);
    const nameless = [addClub(NEW_CLUB.replace('- id: 21', '- id: x').replace('  name: TV Nieuwegein\n', ''))];
    expect(messages(...nameless).map((p) => p.split('\n')[1]!.trim())).toEqual([
      'club x, id: expected number, received "x"',
      'club x, name: required field is missing (expected string)',
    ]);
  });

  test('a duplicate id names both clubs', () => {
    const changes = [addClub(NEW_CLUB.replace('- id: 21', '- id: 20'))];
    expect(messages(...changes).map((p) => p.split('\n')[1]!.trim())).toEqual([
      `club id 20 is used twice: here and in club 20 "${clubName(20)}" (line ${lineOf(text(content, CLUBS), '- id: 20')}).`,
    ]);
  });
});

describe('an English event without the questions of its Dutch original', () => {
  const withoutQuestions = replace(EN_EVENT, /^questions:\n(?: {2}- .*\n)+/m, '');
  const expected = (severity: 'warning' | 'error') =>
    `${severity} TRANSLATION_INCOMPLETE  ${EN_EVENT}:1\n  ${EN_EVENT} has no \`questions\`, so the English page shows the Dutch questions of ${EVENT}.\n  hint: Copy \`questions\` from ${EVENT} into ${EN_EVENT} and translate its text (labels and options); keep every id and type as it is.`;

  test('is a warning with the fix', () => {
    const { problems, content: valid } = validate(config, change(content, withoutQuestions));
    expect(formatted(problems.filter((p) => p.code === 'TRANSLATION_INCOMPLETE'))).toEqual([expected('warning')]);
    expect(valid).toBeDefined();
  });

  test('is an error with --strict', () => {
    const { problems } = validate(config, change(content, withoutQuestions), { strict: true });
    expect(formatted(problems.filter((p) => p.code === 'TRANSLATION_INCOMPLETE'))).toEqual([expected('error')]);
  });

  test('an event without questions needs none in English', () => {
    const changes = [replace(EVENT, /^questions:\n(?: {2}- .*\n)+/m, ''), withoutQuestions];
    expect(
      validate(config, change(content, ...changes)).problems.filter((p) => p.code === 'TRANSLATION_INCOMPLETE'),
    ).toEqual([]);
  });
});

describe('future-dated items', () => {
  const FUTURE = 'content/nl/news/10-nieuw-seizoen.md';
  const future: Change = write(
    FUTURE,
    '---\nid: 10\ntitle: Nieuw seizoen\ndate: "2030-01-01"\nimage: court-clay-3\nsummary: Straks.\n---\nTekst.\n',
  );

  test('left out when dated after the day it is published by, and listed as scheduled', () => {
    const {
      content: valid,
      scheduled,
      problems,
    } = validate(config, change(content, future), { publishedBy: '2026-11-26' });
    expect(errorsOf(problems)).toEqual([]);
    expect(valid!.news.map((item) => item.nl.key)).not.toContain('10');
    expect(scheduled).toEqual([{ file: FUTURE, date: '2030-01-01' }]);
  });

  test('published on its day, and always without a day (site dev, --future)', () => {
    expect(
      validate(config, change(content, future), { publishedBy: '2030-01-01' }).content!.news.map((item) => item.nl.key),
    ).toContain('10');
    expect(validate(config, change(content, future)).content!.news.map((item) => item.nl.key)).toContain('10');
  });

  test('its translation waits with it (no orphan, no error)', () => {
    const en = write(
      'content/en/news/10-new-season.md',
      '---\nid: 10\ntitle: New season\nsummary: Soon.\n---\nText.\n',
    );
    const { problems, content: valid } = validate(config, change(content, future, en), { publishedBy: '2026-11-26' });
    expect(errorsOf(problems)).toEqual([]);
    expect(valid!.news.map((item) => item.en.key)).not.toContain('10');
  });

  test('site dev shows it (its content check publishes every item)', () => {
    const { state } = devContentState(config, change(content, future), { markdown: renderMarkdown });
    expect(state!.model.news.map((item) => item.nl.data.id)).toContain(10);
    expect(state!.pages.some((page) => page.key === 'news-article:10')).toBe(true);
  });

  test('the build summary says when the next one goes live', () => {
    const result = {
      out: 'dist',
      unchanged: false,
      pages: 1,
      files: 1,
      bytes: 1,
      threads: 1,
      images: { made: 0, cached: 0, ms: 0 },
      timings: [],
      warnings: 0,
    };
    expect(
      formatSummary({ ...result, nextScheduled: { file: FUTURE, date: '2030-01-01' } }, 1000).split('\n'),
    ).toContain(
      `scheduled: ${FUTURE} goes live on 2030-01-01: a build on or after that day publishes it (--future publishes it now)`,
    );
    expect(formatSummary(result, 1000)).not.toContain('scheduled');
  });

  test('still checked now: a mistake in a scheduled item is an error today', () => {
    const broken = write(
      FUTURE,
      '---\nid: 10\ntitle: Nieuw seizoen\ndate: "2030-01-01"\nimage: court-clay-33\nsummary: Straks.\n---\nTekst.\n',
    );
    expect(messages(broken).map((p) => p.split('\n')[0])).toEqual([`error IMAGE_NOT_FOUND  ${FUTURE}:5`]);
  });
});

describe('the address of an item is its file name (point 8: one rule)', () => {
  const slugOf = (...changes: Change[]) => {
    const { content: valid } = validate(config, change(content, ...changes));
    const { model } = buildModel(config, valid!, content.images, renderMarkdown);
    const article = model.news.find((item) => item.nl.data.id === 1)!;
    return { nl: article.nl.data.slug, en: article.en.data.slug };
  };

  test('a new title does not move a published page', () => {
    expect(
      slugOf(replace(NEWS, 'title: Voorjaarslessen starten op 31 maart', 'title: Lessen starten op 7 april')),
    ).toEqual({
      nl: 'voorjaarslessen-starten-op-31-maart',
      en: 'spring-lessons-start-on-31-march',
    });
  });

  test('the file name gives each language its address; `slug` overrides it', () => {
    expect(
      slugOf(
        replace(
          NEWS,
          'title: Voorjaarslessen starten op 31 maart',
          'title: Voorjaarslessen starten op 31 maart\nslug: voorjaar',
        ),
      ),
    ).toEqual({ nl: 'voorjaar', en: 'voorjaar' });
  });

  test('a file not named <id>-<slug>.md: the title gives the address, and a warning says what to rename it to', () => {
    const renamed: Change = (files) => {
      files.set('content/nl/news/Voorjaar 2025.md', files.get(NEWS)!);
      files.delete(NEWS);
    };
    const { problems } = validate(config, change(content, renamed));
    expect(formatted(problems.filter((p) => p.code === 'FILE_NAME_NOT_ADDRESS'))).toEqual([
      'warning FILE_NAME_NOT_ADDRESS  content/nl/news/Voorjaar 2025.md:1\n  content/nl/news/Voorjaar 2025.md is not named <id>-<slug>.md for its id, so its address comes from its title: 1-voorjaarslessen-starten-op-31-maart.\n  hint: Rename the file to 1-voorjaarslessen-starten-op-31-maart.md (the file name is the address), or set `slug` in its front matter.',
    ]);
    expect(
      validate(config, change(content, renamed), { strict: true })
        .problems.filter((p) => p.code === 'FILE_NAME_NOT_ADDRESS')
        .map((p) => p.severity),
    ).toEqual(['error']);
  });
});
