import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { ContentFiles } from '../../cli/content/read.ts';
import { loadConfig, parseConfig } from '../../cli/config/load.ts';
import { formatProblems } from '../../cli/errors/format.ts';
import { isSiteError, type Problem } from '../../cli/errors/site-error.ts';
import { buildModel } from '../../cli/content/model.ts';
import { renderMarkdown } from '../../cli/content/markdown.ts';
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
  remove,
  replace,
  text,
  validate,
  write,
  type Change,
} from './fixtures/content.ts';
import { realConfig, repoRoot } from './fixtures/model.ts';

/**
 * One broken file per kind of mistake, on the real content: every other file stays as the
 * editors wrote it, so each case must report exactly its own problem, word for word, with the
 * file and line an editor opens.
 */

const config = realConfig();
let content: ContentFiles;
beforeAll(async () => {
  content = await realContent();
});

const EN_NEWS = 'content/en/news/1-spring-lessons-start-on-31-march.md';
const JOB = 'content/nl/jobs/1-tennistrainer-regio-utrecht.md';
const EN_CAMPS = 'content/en/pages/camps.md';
const HOME = 'content/nl/pages/home.md';
const LESSONS = 'content/data/lessons.yaml';
const EN_STRINGS = 'content/en/strings.yaml';

/** A problem block as `site build` prints it (without colour). */
const block = (severity: 'error' | 'warning', code: string, where: string, message: string, hint: string) =>
  `${severity} ${code}  ${where}\n  ${message}\n  hint: ${hint}`;
const schemaHint = (field: string, collection: string) =>
  `Fix the field \`${field}\`; docs/content.md lists the fields of every kind of content (here: ${collection}).`;
const mismatch = (where: string, field: string, problem: string, collection: string) =>
  block('error', 'CONTENT_SCHEMA_MISMATCH', where, `${field}: ${problem}`, schemaHint(field, collection));

/** Changed content -> its errors as printed, and the changed text of `file` to find lines in. */
function errorsAfter(...changes: Change[]): string[] {
  return formatted(errorsOf(validate(config, change(content, ...changes)).problems));
}
const changedText = (path: string, ...changes: Change[]) => text(change(content, ...changes), path);

interface Case {
  name: string;
  changes: Change[];
  /** Expected printed errors; `at(file, needle)` gives `file:line` of the changed text. */
  expected: (at: (file: string, needle: string) => string) => string[];
}

const cases: Case[] = [
  {
    name: 'wrong type (text for a number)',
    changes: [replace(NEWS, /^id: 1$/m, 'id: een')],
    expected: (at) => [mismatch(at(NEWS, 'id: een'), 'id', 'expected number, received "een"', 'news')],
  },
  {
    name: 'wrong type, nested in a data file',
    changes: [replace(CLUBS, 'courts: { clay: 6, hard: 2, indoor: 0 }', 'courts: { clay: zes, hard: 2, indoor: 0 }')],
    expected: (at) => [
      mismatch(at(CLUBS, 'clay: zes'), 'club 1 "LTC De Kei", courts.clay', 'expected number, received "zes"', 'club'),
    ],
  },
  {
    name: 'a UI string key named __proto__ (it would vanish, not hold text)',
    changes: [replace(EN_STRINGS, /^site:\n/m, 'site:\n  __proto__: kwijt\n')],
    expected: (at) => [
      mismatch(
        at(EN_STRINGS, '__proto__'),
        'site.__proto__',
        'a key named __proto__ cannot hold text: choose another name, received "kwijt"',
        'strings file',
      ),
    ],
  },
  {
    name: 'missing required field (points at the start of the front matter)',
    changes: [replace(NEWS, /^date: .*\n/m, '')],
    expected: () => [mismatch(`${NEWS}:2`, 'date', 'required field is missing (expected string)', 'news')],
  },
  {
    name: 'missing required nested field (points at its parent)',
    changes: [replace(CAMPS, /^ {2}image: camp-summer\n/m, '')],
    expected: (at) => [
      mismatch(at(CAMPS, 'hero:'), 'hero.image', 'required field is missing (expected string)', 'pages'),
    ],
  },
  {
    name: 'unknown field (a typo)',
    changes: [replace(CAMPS, 'title: Kampen\n', 'title: Kampen\ntitel: Kampen\n')],
    expected: (at) => [
      mismatch(at(CAMPS, 'titel:'), 'titel', 'unknown field "titel" (did you mean "title"?)', 'pages'),
    ],
  },
  {
    name: 'two unknown fields: one problem each, each at its own line',
    changes: [replace(NEWS, /^author: (.*)$/m, 'auteur: $1\nauthr: $1')],
    expected: (at) => [
      mismatch(at(NEWS, 'auteur:'), 'auteur', 'unknown field "auteur" (did you mean "author"?)', 'news'),
      mismatch(at(NEWS, 'authr:'), 'authr', 'unknown field "authr" (did you mean "author"?)', 'news'),
    ],
  },
  {
    name: 'bad date (no such day)',
    changes: [replace(NEWS, 'date: "2025-03-04"', 'date: "2025-02-30"')],
    expected: (at) => [mismatch(at(NEWS, 'date:'), 'date', 'a real calendar date, received "2025-02-30"', 'news')],
  },
  {
    name: 'bad date (written out): one message, not two',
    changes: [replace(NEWS, 'date: "2025-03-04"', 'date: 4 maart 2025')],
    expected: (at) => [
      mismatch(at(NEWS, 'date:'), 'date', 'a date like "2026-10-02", received "4 maart 2025"', 'news'),
    ],
  },
  {
    name: 'bad date and time (hour 25)',
    changes: [replace(EVENT, 'start: "2027-03-14T10:00"', 'start: "2027-03-14T25:00"')],
    expected: (at) => [
      mismatch(
        at(EVENT, 'start:'),
        'start',
        'a date and time like "2027-03-14T10:00", received "2027-03-14T25:00"',
        'events',
      ),
    ],
  },
  {
    name: 'dates in the wrong order (a cross-field rule)',
    changes: [replace(EVENT, 'end: "2027-03-14T13:00"', 'end: "2027-03-14T09:00"')],
    expected: (at) => [
      mismatch(at(EVENT, 'end:'), 'end', 'the event must end after it starts, received "2027-03-14T09:00"', 'events'),
    ],
  },
  {
    name: 'bad enum',
    changes: [replace(JOB, 'kind: vacancy', 'kind: vacature')],
    expected: (at) => [mismatch(at(JOB, 'kind:'), 'kind', 'expected "vacancy" | "call", received "vacature"', 'jobs')],
  },
  {
    name: 'bad enum in a discriminated list (event question type)',
    changes: [replace(EVENT, 'type: number', 'type: textarea')],
    expected: (at) => [
      mismatch(
        at(EVENT, 'type: textarea'),
        'questions[0].type',
        "Invalid discriminator value. Expected 'text' | 'number' | 'select', received \"textarea\"",
        'events',
      ),
    ],
  },
  {
    name: 'a link with both a route and an href (union): says what is wrong, not "Invalid input"',
    changes: [replace(HOME, 'route: clubs }', 'route: clubs, href: "https://www.knltb.nl" }')],
    expected: (at) => [
      mismatch(
        at(HOME, 'href: "https://www.knltb.nl"'),
        'sections[0].cta',
        'unknown field "href" (check the spelling)',
        'pages',
      ),
    ],
  },
  {
    name: 'YAML syntax error (an unquoted colon)',
    changes: [replace(JOB, 'location: Utrecht en omgeving', 'location: Utrecht: en omgeving')],
    expected: (at) => [
      block(
        'error',
        'YAML_SYNTAX',
        at(JOB, 'location:'),
        'Nested mappings are not allowed in compact mappings',
        'Check indentation and quoting on that line; text with a colon in it needs quotes.',
      ),
    ],
  },
  {
    name: 'YAML syntax error in a page: no second "page text missing" error',
    changes: [replace(CAMPS, 'title: Kampen', 'title: Kampen: zomer')],
    expected: (at) => [
      block(
        'error',
        'YAML_SYNTAX',
        at(CAMPS, 'title: Kampen: zomer'),
        'Nested mappings are not allowed in compact mappings',
        'Check indentation and quoting on that line; text with a colon in it needs quotes.',
      ),
    ],
  },
  {
    name: 'YAML syntax error: a key twice',
    changes: [replace(JOB, 'licence: true', 'licence: true\nlicence: false')],
    expected: (at) => [
      block(
        'error',
        'YAML_SYNTAX',
        at(JOB, 'licence: false'),
        'Map keys must be unique',
        'Check indentation and quoting on that line; text with a colon in it needs quotes.',
      ),
    ],
  },
  {
    name: 'YAML syntax error in a data file: one message, and no "missing" error for the file',
    changes: [replace(CLUBS, '  city: Veenendaal', '  city: Veenendaal: centrum')],
    expected: (at) => [
      block(
        'error',
        'YAML_SYNTAX',
        at(CLUBS, 'Veenendaal: centrum'),
        'Nested mappings are not allowed in compact mappings',
        'Check indentation and quoting on that line; text with a colon in it needs quotes.',
      ),
    ],
  },
  {
    name: 'YAML syntax error that derails the parser: only the first message',
    changes: [replace(CLUBS, '  city: Veenendaal', '  city: [Veenendaal')],
    expected: (_at) => [
      block(
        'error',
        'YAML_SYNTAX',
        // The parser notices the unclosed list on the line after it.
        `${CLUBS}:${lineOf(changedText(CLUBS, replace(CLUBS, '  city: Veenendaal', '  city: [Veenendaal')), 'city: [Veenendaal') + 1}`,
        'Flow sequence in block collection must be sufficiently indented and end with a ]',
        'Check indentation and quoting on that line; text with a colon in it needs quotes.',
      ),
    ],
  },
  {
    name: 'missing front matter',
    changes: [replace(NEWS, /^---\n/, '')],
    expected: () => [
      block(
        'error',
        'FRONT_MATTER_MISSING',
        `${NEWS}:1`,
        'The file does not start with a front matter block between two --- lines.',
        'Start the file with ---, the fields (id, title, ...), and another --- line before the text.',
      ),
    ],
  },
  {
    name: 'front matter never closed',
    changes: [write('content/nl/news/20-open.md', '---\nid: 20\ntitle: Open\n\nTekst zonder einde.\n')],
    expected: () => [
      block(
        'error',
        'FRONT_MATTER_MISSING',
        'content/nl/news/20-open.md:1',
        'The file does not start with a front matter block between two --- lines.',
        'Start the file with ---, the fields (id, title, ...), and another --- line before the text.',
      ),
    ],
  },
  {
    name: 'duplicate id (news)',
    changes: [
      write(
        'content/nl/news/10-kopie.md',
        '---\nid: 1\ntitle: Kopie\ndate: "2025-03-05"\nimage: court-clay-3\nsummary: Een kopie.\n---\nTekst.\n',
      ),
    ],
    expected: () => [
      block(
        'error',
        'CONTENT_DUPLICATE_ID',
        'content/nl/news/10-kopie.md:2',
        `news id 1 is used twice: here and in ${NEWS}.`,
        'Give one of them an id no other item uses; ids appear in URLs, so keep published ones.',
      ),
    ],
  },
  {
    name: 'duplicate club wpId',
    changes: [replace(CLUBS, 'wpId: 1987', 'wpId: 2114')],
    expected: () => {
      const changed = changedText(CLUBS, replace(CLUBS, 'wpId: 1987', 'wpId: 2114'));
      // wpId stands on the line before yourtennisId in both entries.
      const [first, second] = ['yourtennisId: "ytc-0412"', 'yourtennisId: "ytc-0388"'].map(
        (needle) => lineOf(changed, needle) - 1,
      );
      return [
        block(
          'error',
          'CONTENT_DUPLICATE_ID',
          `${CLUBS}:${second}`,
          `club wpId 2114 is used twice: here and in club 1 "LTC De Kei" (line ${first}).`,
          'Give one of them an id no other item uses; ids appear in URLs, so keep published ones.',
        ),
      ];
    },
  },
  {
    name: 'unknown image',
    changes: [replace(NEWS, 'image: court-clay-3', 'image: court-grass-9')],
    expected: (at) => [
      block(
        'error',
        'IMAGE_NOT_FOUND',
        at(NEWS, 'image:'),
        'image: no image "court-grass-9" in content/images.',
        `Add content/images/court-grass-9.jpg (or .png, .webp, .svg), or use an existing name: ${[...content.images.keys()].slice(0, 8).join(', ')}, ... (${content.images.size} in all).`,
      ),
    ],
  },
  {
    name: 'unknown image in a page section',
    changes: [replace(CAMPS, 'image: youth-group', 'image: youth-grop')],
    expected: (at) => [
      expect.stringContaining(
        `error IMAGE_NOT_FOUND  ${at(CAMPS, 'youth-grop')}\n  sections[0].image: no image "youth-grop" in content/images (did you mean "youth-group"?).`,
      ) as unknown as string,
    ],
  },
  {
    name: 'unknown club reference',
    changes: [replace(EVENT, 'location: { club: 3 }', 'location: { club: 99 }')],
    expected: (at) => [
      block(
        'error',
        'CONTENT_UNKNOWN_REFERENCE',
        at(EVENT, 'club: 99'),
        'location.club: there is no club with id "99" (did you mean 9, "LTC De Vecht"?).',
        'Use one of: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, ... (20 in all).',
      ),
    ],
  },
  {
    name: 'unknown region of a club',
    changes: [replace(CLUBS, 'region: utrecht-oost', 'region: utrecht-noord')],
    expected: (at) => [
      expect.stringContaining(
        `error CONTENT_UNKNOWN_REFERENCE  ${at(CLUBS, 'utrecht-noord')}\n  club 1 "LTC De Kei", region: there is no region "utrecht-noord" (did you mean "utrecht-oost"?).`,
      ) as unknown as string,
    ],
  },
  {
    name: 'unknown cta route',
    changes: [replace(HOME, 'route: clubs }', 'route: verenigingen }')],
    expected: (at) => [
      block(
        'error',
        'CONTENT_UNKNOWN_REFERENCE',
        at(HOME, 'route: verenigingen'),
        'sections[0].cta.route: there is no route "verenigingen".',
        `Use one of: ${Object.keys(config.routes).slice(0, 12).join(', ')}, ... (${Object.keys(config.routes).length} in all).`,
      ),
    ],
  },
  {
    name: 'translation orphan',
    changes: [
      write(
        'content/en/news/99-ghost.md',
        '---\nid: 99\ntitle: Ghost\ndate: "2025-03-05"\nimage: court-clay-3\nsummary: Nobody wrote the Dutch one.\n---\nText.\n',
      ),
    ],
    expected: () => [
      block(
        'error',
        'TRANSLATION_ORPHAN',
        'content/en/news/99-ghost.md:1',
        'news id 99 exists in en but not in Dutch.',
        'The Dutch file is the original: add it, or fix the id of the translation.',
      ),
    ],
  },
  {
    name: 'description too short',
    changes: [replace(CAMPS, /^description: .*$/m, 'description: "Kort."')],
    expected: (at) => [
      mismatch(at(CAMPS, 'description:'), 'description', 'at least 50 characters, received "Kort."', 'pages'),
    ],
  },
  {
    name: 'description too long (the received text is shortened)',
    changes: [replace(CAMPS, /^description: .*$/m, `description: "${'Tennis '.repeat(25)}"`)],
    expected: (at) => [
      mismatch(
        at(CAMPS, 'description:'),
        'description',
        `at most 160 characters, received "${'Tennis '.repeat(25).slice(0, 57)}..."`,
        'pages',
      ),
    ],
  },
  {
    name: 'a mistake in a translation points at the English file',
    changes: [replace(EN_CAMPS, /^description: .*$/m, 'description: "Short."')],
    expected: (at) => [
      mismatch(at(EN_CAMPS, 'description:'), 'description', 'at least 50 characters, received "Short."', 'pages'),
    ],
  },
  {
    name: 'a club sign-up window that ends after lessons start',
    changes: [replace(CLUBS, 'signupEndDate: "2025-03-01"', 'signupEndDate: "2025-04-01"')],
    expected: (at) => [
      mismatch(
        at(CLUBS, '"2025-04-01"'),
        'club 2 "TV Breukelen", signupEndDate',
        'sign-up must end before lessons start, received "2025-04-01"',
        'club',
      ),
    ],
  },
  {
    name: 'an http sign-up link',
    changes: [
      replace(
        CLUBS,
        'link: https://app.yourtennis.nl/inschrijven/ytc-0412',
        'link: http://app.yourtennis.nl/inschrijven/ytc-0412',
      ),
    ],
    expected: (at) => [
      expect.stringContaining(
        `error CONTENT_SCHEMA_MISMATCH  ${at(CLUBS, 'http://')}\n  club 1 "LTC De Kei", link: `,
      ) as unknown as string,
    ],
  },
  {
    name: 'a youth level that does not exist',
    changes: [replace(LESSONS, '- id: red', '- id: purple')],
    expected: (at) => [
      mismatch(
        at(LESSONS, 'id: purple'),
        'youthLevels[0].id',
        'expected "red" | "orange" | "green" | "yellow", received "purple"',
        'lessons file',
      ),
    ],
  },
  {
    name: 'a file in an unknown place',
    changes: [write('content/nl/blog/eerste-bericht.md', '---\ntitle: Blog\n---\n')],
    expected: () => [
      block(
        'error',
        'CONTENT_UNKNOWN_FILE',
        'content/nl/blog/eerste-bericht.md',
        'content does not know what content/nl/blog/eerste-bericht.md is.',
        'Put content in content/<locale>/{pages,news,events,jobs}/ or content/data/; see docs/content.md.',
      ),
    ],
  },
  {
    name: 'a page of a route missing in both languages',
    changes: [remove(CAMPS), remove(EN_CAMPS)],
    expected: () => [
      block(
        'error',
        'PAGE_CONTENT_MISSING',
        CAMPS,
        'The route "camps" has no page text.',
        `Create ${CAMPS} with a title, a description and a hero image.`,
      ),
    ],
  },
  {
    name: 'a page missing in Dutch only: its English text is an orphan too',
    changes: [remove(CAMPS)],
    expected: () => [
      block(
        'error',
        'TRANSLATION_ORPHAN',
        `${EN_CAMPS}:1`,
        'pages id camps exists in en but not in Dutch.',
        'The Dutch file is the original: add it, or fix the id of the translation.',
      ),
      block(
        'error',
        'PAGE_CONTENT_MISSING',
        CAMPS,
        'The route "camps" has no page text.',
        `Create ${CAMPS} with a title, a description and a hero image.`,
      ),
    ],
  },
  {
    name: 'a title that leaves nothing for the URL, in a file not named <id>-<slug>.md',
    changes: [
      write(
        'content/nl/news/12.md',
        '---\nid: 12\ntitle: "🎾🎾"\ndate: "2025-03-05"\nimage: court-clay-3\nsummary: Leeg.\n---\nTekst.\n',
      ),
    ],
    expected: () => [
      mismatch(
        'content/nl/news/12.md:3',
        'title',
        'the file name is not <id>-<slug>.md and the title "🎾🎾" has no letters or digits for the URL: name the file 12-<slug>.md or add a `slug` field',
        'item',
      ),
    ],
  },
];

describe('one broken file per kind of mistake: the exact message, file and line', () => {
  test('the real content has no errors (the baseline every case starts from)', () => {
    const { problems, content: valid } = validate(config, content);
    expect(formatted(errorsOf(problems))).toEqual([]);
    expect(valid).toBeDefined();
  });

  test.each(cases)('$name', ({ changes, expected }) => {
    const at = (file: string, needle: string) => `${file}:${lineOf(changedText(file, ...changes), needle)}`;
    expect(errorsAfter(...changes)).toEqual(expected(at));
  });
});

describe('every problem of every file in one run', () => {
  test('independent mistakes in eight files are all reported, each as it is alone', () => {
    const independent = [
      'wrong type (text for a number)',
      'bad enum',
      'bad date and time (hour 25)',
      'description too short',
      'unknown cta route',
      'a file in an unknown place',
      'a mistake in a translation points at the English file',
      'wrong type, nested in a data file',
    ].map((name) => cases.find((c) => c.name === name)!);
    const together = errorsAfter(...independent.flatMap((c) => c.changes));
    const alone = independent.flatMap((c) => errorsAfter(...c.changes));
    expect(new Set(together)).toEqual(new Set(alone));
    expect(together).toHaveLength(alone.length);
  });

  test('a Dutch file and its translation, both broken: both reported', () => {
    const both = ['description too short', 'a mistake in a translation points at the English file'].map(
      (name) => cases.find((c) => c.name === name)!,
    );
    expect(errorsAfter(...both.flatMap((c) => c.changes))).toEqual(both.flatMap((c) => errorsAfter(...c.changes)));
  });

  test('an orphan waits while a Dutch file of its collection has no valid id (its id is unknown)', () => {
    const orphan = cases.find((c) => c.name === 'translation orphan')!;
    const badId = cases.find((c) => c.name === 'wrong type (text for a number)')!;
    expect(errorsAfter(...orphan.changes, ...badId.changes)).toEqual(errorsAfter(...badId.changes));
    // In another collection it is reported at once.
    const jobOrphan = write('content/en/jobs/99-ghost.md', '---\nid: 99\ntitle: Ghost\n---\n');
    expect(errorsAfter(jobOrphan, ...badId.changes)).toContain(
      block(
        'error',
        'TRANSLATION_ORPHAN',
        'content/en/jobs/99-ghost.md:1',
        'jobs id 99 exists in en but not in Dutch.',
        'The Dutch file is the original: add it, or fix the id of the translation.',
      ),
    );
  });

  test('a file with several mistakes reports each of them', () => {
    const changes = [
      replace(NEWS, /^id: 1$/m, 'id: -1'),
      replace(NEWS, 'date: "2025-03-04"', 'date: "2025-3-4"'),
      replace(NEWS, 'image: court-clay-3', 'image: Court Clay'),
    ];
    const printed = errorsAfter(...changes);
    expect(printed.map((p) => p.split('\n')[1])).toEqual([
      '  id: Too small: expected number to be >0, received number -1',
      '  date: a date like "2026-10-02", received "2025-3-4"',
      '  image: an image name like court-clay-1 (a file in content/images, no extension), received "Court Clay"',
    ]);
  });

  test('the CLI summary counts errors and warnings', () => {
    const baseline = validate(config, content).problems.length;
    const { problems } = validate(
      config,
      change(content, ...cases[0]!.changes, remove('content/en/news/2-summer-camps-2025-registration-open.md')),
    );
    const saved = process.env.NO_COLOR;
    process.env.NO_COLOR = '1';
    const printed = formatProblems(problems);
    if (saved === undefined) delete process.env.NO_COLOR;
    else process.env.NO_COLOR = saved;
    expect(printed.trimEnd().split('\n').at(-1)).toBe(`1 error, ${baseline + 1} warning${baseline ? 's' : ''}`);
  });
});

describe('missing translations: a warning, an error with strict', () => {
  const warningsOf = (problems: Problem[]) => formatted(problems.filter((p) => p.severity === 'warning'));
  const missingNews = (severity: 'error' | 'warning') =>
    block(
      severity,
      'TRANSLATION_MISSING',
      `${NEWS}:1`,
      `${NEWS} has no en translation; the en page shows the Dutch text.`,
      'Add content/en/news/1-voorjaarslessen-starten-op-31-maart.md, or build without --strict to publish the fallback.',
    );

  test('an article without its English file: warning, and the English page falls back to Dutch', () => {
    const files = change(content, remove(EN_NEWS));
    const result = validate(config, files);
    expect(warningsOf(result.problems)).toContain(missingNews('warning'));
    expect(errorsOf(result.problems)).toEqual([]);
    const article = result.content!.news.find((item) => item.nl.key === '1')!;
    expect(article.en).toMatchObject({
      fallback: true,
      locale: 'en',
      file: NEWS,
      data: { title: 'Voorjaarslessen starten op 31 maart' },
    });
  });

  test('with strict: the same problem is an error and there is no content', () => {
    const result = validate(config, change(content, remove(EN_NEWS)), { strict: true });
    expect(formatted(errorsOf(result.problems))).toContain(missingNews('error'));
    expect(result.content).toBeUndefined();
  });

  test('a UI string missing in English: warning at its section, with the Dutch text used', () => {
    const changes = [replace(EN_STRINGS, /^ {2}slogan: .*\n/m, '')];
    const result = validate(config, change(content, ...changes));
    const line = lineOf(changedText(EN_STRINGS, ...changes), 'site:');
    expect(warningsOf(result.problems)).toContain(
      block(
        'warning',
        'TRANSLATION_MISSING',
        `${EN_STRINGS}:${line}`,
        'The string site.slogan has no en translation; the en page shows the Dutch text.',
        'Add site.slogan to content/en/strings.yaml, or build without --strict to publish the fallback.',
      ),
    );
    expect((result.content!.strings.en.site as Record<string, string>).slogan).toBe('Tennisles bij jou op de club');
    expect(
      validate(config, change(content, ...changes), { strict: true })
        .problems.filter((p) => p.field === 'site.slogan')
        .map((p) => p.severity),
    ).toEqual(['error']);
  });

  test('the real content: every warning is a missing translation', () => {
    const { problems } = validate(config, content);
    expect(problems.filter((p) => p.code !== 'TRANSLATION_MISSING')).toEqual([]);
  });
});

describe('a title that leaves no slug', () => {
  test('is fine with a slug of its own, which the model uses', () => {
    const changes = [
      replace(NEWS, 'title: Voorjaarslessen starten op 31 maart', 'title: "🎾🎾"\nslug: voorjaarslessen'),
    ];
    const { content: valid, problems } = validate(config, change(content, ...changes));
    expect(errorsOf(problems)).toEqual([]);
    const { model, problems: modelProblems } = buildModel(config, valid!, content.images, renderMarkdown);
    expect(modelProblems).toEqual([]);
    expect(model.news.find((n) => n.nl.data.id === 1)?.nl.data.slug).toBe('voorjaarslessen');
  });
});

describe('config errors (parseConfig): field, problem and line of site.config.yaml', () => {
  const original = readFileSync(join(repoRoot, 'site.config.yaml'), 'utf8');
  const hint = 'Fix the setting in site.config.yaml; the comments there say what each setting takes.';

  type Edit = [from: string | RegExp, to: string];
  function configErrors(...edits: Edit[]): { printed: string[]; text: string } {
    let changed = original;
    for (const [from, to] of edits) {
      const next = changed.replace(from, to);
      if (next === changed) throw new Error(`fixture: ${String(from)} not in site.config.yaml`);
      changed = next;
    }
    try {
      parseConfig(changed);
    } catch (error) {
      if (!isSiteError(error)) throw error;
      return { printed: formatted(error.problems), text: changed };
    }
    return { printed: [], text: changed };
  }
  const invalid = (line: number, message: string) =>
    block('error', 'CONFIG_INVALID', `site.config.yaml:${line}`, message, hint);

  test('the real config parses', () => {
    expect(configErrors().printed).toEqual([]);
  });

  test.each([
    {
      name: 'a trailing slash on the site URL',
      edits: [['url: https://www.baselinetennis.nl', 'url: https://www.baselinetennis.nl/']],
      needle: 'url:',
      message: 'url: no trailing slash, received "https://www.baselinetennis.nl/"',
    },
    {
      name: 'an invalid office email',
      edits: [['officeEmail: info@baselinetennis.nl', 'officeEmail: info@']],
      needle: 'officeEmail:',
      message: 'officeEmail: Invalid email address, received "info@"',
    },
    {
      name: 'a default locale other than nl',
      edits: [['  default: nl', '  default: en']],
      needle: 'default: en',
      message: 'locales.default: expected "nl", received "en"',
    },
    {
      name: 'a route without its English path',
      edits: [['camps: { nl: /kampen, en: /camps }', 'camps: { nl: /kampen }']],
      needle: 'camps: { nl: /kampen }',
      message: 'routes.camps.en: required field is missing (expected string)',
    },
    {
      name: 'a route path without a slash',
      edits: [['camps: { nl: /kampen, en: /camps }', 'camps: { nl: /kampen, en: camps }']],
      needle: 'camps: { nl: /kampen, en: camps }',
      message: 'routes.camps.en: a path like /kampen or /nieuws/:id-:slug, received "camps"',
    },
    {
      name: 'an unknown layout',
      edits: [['login: { nl: /login, en: /login, layout: empty }', 'login: { nl: /login, en: /login, layout: blank }']],
      needle: 'layout: blank',
      message: 'routes.login.layout: expected "default" | "empty" | "news", received "blank"',
    },
    {
      name: 'a route name that cannot be a file name of its page text',
      edits: [
        [
          '  camps: { nl: /kampen, en: /camps }\n',
          '  camps: { nl: /kampen, en: /camps }\n  Kampen_2: { nl: /x, en: /y }\n',
        ],
      ],
      needle: 'Kampen_2: { nl: /x',
      message:
        'routes.Kampen_2: a route name like sponsors or lesson-rules (lower case, digits, dashes), received "Kampen_2"',
    },
    {
      name: 'a theme shade that is not a colour',
      edits: [['500: "#23a46a"', '500: "#23a46"']],
      needle: '500: "#23a46"',
      message: 'theme.primary.500: a colour like #23a46a, received "#23a46"',
    },
    {
      name: 'news feeds of no article',
      edits: [['feedItems: 20', 'feedItems: 0']],
      needle: 'feedItems:',
      message: 'feedItems: at least 1 article, like 20, received number 0',
    },
    {
      name: 'news feeds of a part of an article',
      edits: [['feedItems: 20', 'feedItems: 2.5']],
      needle: 'feedItems:',
      message: 'feedItems: expected int, received number 2.5',
    },
    {
      name: 'news feeds of a word',
      edits: [['feedItems: 20', 'feedItems: twenty']],
      needle: 'feedItems:',
      message: 'feedItems: expected number, received "twenty"',
    },
    {
      name: 'a legacy path with a slash in it',
      edits: [['  bieb: home', '  oud/bieb: home']],
      needle: 'oud/bieb',
      message: 'legacy.oud/bieb: a path segment like clinic-25, received "oud/bieb"',
    },
  ])('$name', ({ edits, needle, message }) => {
    const { printed, text: changed } = configErrors(...(edits as Edit[]));
    expect(printed).toEqual([invalid(lineOf(changed, needle), message)]);
  });

  test.each([
    {
      name: 'a route whose languages take different parameters',
      edits: [['en: "/news/:id-:slug"', 'en: "/news/:id"']],
      needle: 'news-article:',
      message: 'routes.news-article: nl (/nieuws/:id-:slug) and en (/news/:id) must use the same :parameters',
    },
    {
      name: 'two routes of one language at one path',
      edits: [['camps: { nl: /kampen, en: /camps }', 'camps: { nl: /kampen, en: /jobs }']],
      needle: 'jobs: { nl: /vacatures, en: /jobs }',
      message: 'routes.jobs.en: /jobs is also the path of route "camps"',
    },
    {
      name: 'a legacy path that would hide a page',
      edits: [['  bieb: home\n', '  bieb: home\n  kampen: camps\n']],
      needle: 'kampen: camps',
      message: 'legacy.kampen: /kampen is the path of a page; a redirect would hide it',
    },
    {
      name: "a route the site's code links to, left out",
      edits: [[/^ {2}search: .*\n/m, '']],
      needle: 'routes:',
      message:
        'routes.search: the route "search" is missing: the site\'s templates link to it, so it needs its nl and en paths',
    },
    {
      name: 'a navigation item naming an unknown route',
      edits: [['  - route: camps\n', '  - route: camp\n']],
      needle: 'route: camp',
      message:
        'navigation[1].route: there is no route "camp" (did you mean "camps"?); routes are declared under routes:',
    },
  ])('cross-field rule: $name', ({ edits, needle, message }) => {
    const { printed, text: changed } = configErrors(...(edits as Edit[]));
    expect(printed).toEqual([invalid(lineOf(changed, needle), message)]);
  });

  test('a YAML syntax error', () => {
    const { printed, text: changed } = configErrors(['name: Baseline Tennis', 'name: Baseline: Tennis']);
    expect(printed).toEqual([
      block(
        'error',
        'YAML_SYNTAX',
        `site.config.yaml:${lineOf(changed, 'name: Baseline')}`,
        'Nested mappings are not allowed in compact mappings',
        'Check indentation and quoting on that line; text with a colon in it needs quotes.',
      ),
    ]);
  });

  test('several mistakes: all reported in one run, in file order', () => {
    const { printed } = configErrors(
      ['url: https://www.baselinetennis.nl', 'url: https://www.baselinetennis.nl/'],
      ['officeEmail: info@baselinetennis.nl', 'officeEmail: info@'],
      ['500: "#23a46a"', '500: "#23a46"'],
    );
    expect(printed.map((p) => p.split('\n')[1]!.trim())).toEqual([
      'url: no trailing slash, received "https://www.baselinetennis.nl/"',
      'officeEmail: Invalid email address, received "info@"',
      'theme.primary.500: a colour like #23a46a, received "#23a46"',
    ]);
  });

  test('no site.config.yaml in the folder', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'site-noconfig-'));
    const error = await loadConfig(empty).catch((e: unknown) => e);
    await rm(empty, { recursive: true });
    expect(isSiteError(error)).toBe(true);
    expect(formatted((error as { problems: Problem[] }).problems)).toEqual([
      block(
        'error',
        'CONFIG_NOT_FOUND',
        '',
        `No site.config.yaml in ${empty}.`,
        'Run the command from the project folder (the one with site.config.yaml), or pass --root.',
      ).replace('CONFIG_NOT_FOUND  ', 'CONFIG_NOT_FOUND'),
    ]);
  });
});
