import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { load } from 'js-yaml';
import { beforeAll, describe, expect, test } from 'vitest';
import { schemaFiles, type SchemaFile } from '../../cli/editor/json-schemas.ts';
import { classify } from '../../cli/content/classify.ts';
import { splitFrontMatter } from '../../cli/content/front-matter.ts';
import type { ContentFiles } from '../../cli/content/read.ts';
import { realContent } from './fixtures/content.ts';
import { repoRoot } from './fixtures/model.ts';

/**
 * The JSON Schemas editors get (issue 20): generated from the zod schemas, checked here with a
 * real JSON Schema validator (ajv) against the real content, and against each kind of mistake.
 */
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const schemas = schemaFiles();
const byName = new Map(schemas.map((file) => [file.name, file]));
let content: ContentFiles;
const validators = new Map<string, ValidateFunction>();

beforeAll(async () => {
  content = await realContent();
  const ajv = addFormats(new Ajv({ allErrors: true, strict: true, strictTuples: false }));
  for (const file of schemas) validators.set(file.name, ajv.compile(file.schema));
});

/** The data a schema checks in a file: its front matter, or the whole YAML file. */
function dataOf(path: string, text: string): unknown {
  if (!path.endsWith('.md')) return load(text);
  const split = splitFrontMatter(text, path);
  if (!('meta' in split)) throw new Error(`${path}: no front matter`);
  return split.meta.data;
}

/** The schema a project file is described by, by the globs of the schema files. */
function schemaFor(path: string): SchemaFile | undefined {
  return schemas.find((file) =>
    file.files.some((glob) => new RegExp(`^${glob.replace(/\./g, '\\.').replace(/\*/g, '[^/]+')}$`).test(path)),
  );
}

const errorsOf = (name: string, data: unknown) => {
  const validate = validators.get(name)!;
  return validate(data) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
};

describe('the generated schemas accept the real content', () => {
  test('every content file, data file and site.config.yaml has a schema, and passes it', () => {
    const files = [
      ...content.files.filter((file) => classify(file.path).kind !== 'ignored'),
      { path: 'site.config.yaml', text: readFileSync(join(repoRoot, 'site.config.yaml'), 'utf8') },
    ];
    const failures = files.flatMap((file) => {
      const schema = schemaFor(file.path);
      if (!schema) return [`${file.path}: no schema`];
      return errorsOf(schema.name, dataOf(file.path, file.text)).map((error) => `${file.path}: ${error}`);
    });
    expect(failures).toEqual([]);
    expect(files.length).toBeGreaterThan(80);
  });
});

const NEWS = { id: 3, title: 'Nieuws', date: '2025-03-04', image: 'court-clay-3', summary: 'Kort.' };
const EVENT = {
  id: 2,
  title: 'Kamp',
  summary: 'Kort.',
  image: 'camp-summer',
  start: '2027-07-26T09:30',
  end: '2027-07-30T15:30',
  location: { club: 12 },
  audience: 'Kinderen',
  price: 245,
  capacity: 48,
  deadline: '2027-07-01T23:59',
};
const CONFIG = (): Record<string, unknown> =>
  load(readFileSync(join(repoRoot, 'site.config.yaml'), 'utf8')) as Record<string, unknown>;

describe('the generated schemas reject each kind of mistake', () => {
  test.each([
    {
      mistake: 'a field name typed wrong',
      schema: 'news.nl.schema.json',
      data: { ...NEWS, titel: 'x' },
      error: '/ must NOT have additional properties',
    },
    {
      mistake: 'a required field left out',
      schema: 'news.nl.schema.json',
      data: { ...NEWS, date: undefined },
      error: "/ must have required property 'date'",
    },
    {
      mistake: 'text for a number',
      schema: 'news.nl.schema.json',
      data: { ...NEWS, id: 'een' },
      error: '/id must be integer',
    },
    {
      mistake: 'a date written out',
      schema: 'news.nl.schema.json',
      data: { ...NEWS, date: '4 maart 2025' },
      error: '/date must match pattern "^\\d{4}-\\d{2}-\\d{2}$"',
    },
    {
      mistake: 'an image name with an extension',
      schema: 'news.nl.schema.json',
      data: { ...NEWS, image: 'Court Clay.jpg' },
      error: '/image must match pattern "^[a-z0-9][a-z0-9-]*$"',
    },
    {
      mistake: 'a value outside a list of choices',
      schema: 'jobs.nl.schema.json',
      data: { id: 1, title: 'T', kind: 'vacature', location: 'U', hours: '8', summary: 'S', licence: true },
      error: '/kind must be equal to one of the allowed values',
    },
    {
      mistake: 'a time that does not exist',
      schema: 'events.nl.schema.json',
      data: { ...EVENT, start: '2027-07-26T25:00' },
      error: '/start must match pattern "^\\d{4}-\\d{2}-\\d{2}T([01]\\d|2[0-3]):[0-5]\\d$"',
    },
    {
      mistake: 'a question of an unknown type',
      schema: 'events.nl.schema.json',
      data: { ...EVENT, questions: [{ id: 'a', type: 'textarea', label: 'L' }] },
      error: '/questions/0 must match exactly one schema in oneOf',
    },
    {
      mistake: 'a page description too short',
      schema: 'pages.nl.schema.json',
      data: { title: 'T', description: 'Kort.', hero: { image: 'camp-summer' } },
      error: '/description must NOT have fewer than 50 characters',
    },
    {
      mistake: 'an English file with an unknown field',
      schema: 'news.en.schema.json',
      data: { id: 3, titel: 'News' },
      error: '/ must NOT have additional properties',
    },
    {
      mistake: 'a club with text for a number',
      schema: 'clubs.schema.json',
      data: [{ courts: { clay: 'zes' } }],
      error: '/0/courts/clay must be integer',
    },
    {
      mistake: 'a UI string that is a number',
      schema: 'strings.schema.json',
      data: { site: { slogan: 5 } },
      error: '/site/slogan must be string',
    },
    {
      mistake: 'a route path without its slash',
      schema: 'site.config.schema.json',
      data: { ...CONFIG(), routes: { ...(CONFIG().routes as object), camps: { nl: 'kampen', en: '/camps' } } },
      error: '/routes/camps/nl must match pattern "^\\/[a-z0-9:/-]*$"',
    },
    {
      mistake: 'a route name that cannot name a file',
      schema: 'site.config.schema.json',
      data: { ...CONFIG(), routes: { ...(CONFIG().routes as object), Kampen_2: { nl: '/x', en: '/y' } } },
      error: '/routes must match pattern "^[a-z][a-z0-9-]*$"',
    },
  ])('$mistake ($schema)', ({ schema, data, error }) => {
    const clean = JSON.parse(JSON.stringify(data)) as unknown; // undefined fields left out, as YAML would
    expect(errorsOf(schema, clean)).toContain(error);
  });

  test('an English file may leave out what its Dutch original sets', () => {
    expect(errorsOf('news.en.schema.json', { id: 3, title: 'News' })).toEqual([]);
    expect(errorsOf('events.en.schema.json', { id: 2, location: {} })).toEqual([]);
    // A list it sets replaces the Dutch one whole: its items are complete.
    expect(errorsOf('events.en.schema.json', { id: 2, questions: [{ id: 'a', type: 'text' }] })).toContain(
      '/questions/0 must match exactly one schema in oneOf',
    );
  });
});

describe('what the editor shows on hover', () => {
  const property = (name: string, ...path: string[]) =>
    path.reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, byName.get(name)!.schema);
  test.each([
    {
      name: 'clubs.schema.json',
      path: ['items', 'properties', 'region'],
      says: 'A region id of content/data/lessons.yaml (regions)',
    },
    {
      name: 'clubs.schema.json',
      path: ['items', 'properties', 'wpPath'],
      says: 'Old WordPress path, redirected to the club page; optional',
    },
    {
      name: 'news.nl.schema.json',
      path: ['properties', 'date'],
      says: 'Publication date "YYYY-MM-DD"; a later date than today waits for its day',
    },
    {
      name: 'events.en.schema.json',
      path: ['properties', 'questions'],
      says: 'Extra form questions; the English file sets its own, with English labels',
    },
    {
      name: 'site.config.schema.json',
      path: ['properties', 'routes'],
      says: 'Every page: name: { nl: /path, en: /path, layout? }. A new name with content/{nl,en}/pages/<name>.md is a new page of text',
    },
  ])('$name $path.2: "$says"', ({ name, path, says }) => {
    expect(property(name, ...path).description).toBe(says);
  });
});

describe('the schemas and settings in the repository are the generated ones', () => {
  test.each(schemas.map((file) => [file.name, file] as const))(
    '.vscode/schemas/%s is up to date (npx site schema writes it)',
    (name, file) => {
      const committed = JSON.parse(readFileSync(join(repoRoot, '.vscode', 'schemas', name), 'utf8')) as unknown;
      expect(committed).toEqual(file.schema);
    },
  );

  test(".vscode/settings.json gives the YAML extension every YAML file's schema", () => {
    const settings = JSON.parse(readFileSync(join(repoRoot, '.vscode', 'settings.json'), 'utf8')) as {
      'yaml.schemas': Record<string, string[]>;
    };
    const expected = Object.fromEntries(
      schemas.filter((file) => !file.frontMatter).map((file) => [`.vscode/schemas/${file.name}`, file.files]),
    );
    expect(settings['yaml.schemas']).toEqual(expected);
    expect(byName.size).toBe(schemas.length);
  });
});
