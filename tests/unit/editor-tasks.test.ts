import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatProblemLine } from '../../cli/errors/format.ts';
import { problem } from '../../cli/errors/site-error.ts';
import { runSite, type RunResult } from '../helpers/project-copy.ts';
import { repoRoot } from './fixtures/model.ts';

/**
 * Markdown front matter in VS Code (issue 20): the YAML extension cannot read it, so the task
 * "site: check content" runs the project's own check and its problem matcher puts each mistake
 * in the Problems panel, on its line. The matcher is read from the committed .vscode/tasks.json.
 */
interface Pattern {
  regexp: string;
  file: number;
  line: number;
  column: number;
  severity: number;
  code: number;
  message: number;
}
interface Task {
  label: string;
  command: string;
  problemMatcher: { fileLocation: string[]; pattern: Pattern };
}

const ARTICLE = 'content/nl/news/9-nieuwe-gravelbanen-bij-ltc-de-kei.md';
let task: Task;
let image: string;
/** The line of each field in the article as written: where VS Code must put the red line. */
let lineOf: (field: string) => number;
let root: string;
let run: RunResult;

/** What VS Code makes of each line of output with the task's problem matcher. */
function matched(output: string) {
  const { regexp, ...group } = task.problemMatcher.pattern;
  const pattern = new RegExp(regexp);
  return output
    .split('\n')
    .filter(Boolean)
    .map((text) => {
      const m = pattern.exec(text);
      if (!m) return { unmatched: text };
      return {
        file: m[group.file],
        line: Number(m[group.line]),
        column: Number(m[group.column]),
        severity: m[group.severity],
        code: m[group.code],
        message: m[group.message],
      };
    });
}

beforeAll(async () => {
  const tasks = JSON.parse(await readFile(join(repoRoot, '.vscode', 'tasks.json'), 'utf8')) as { tasks: Task[] };
  task = tasks.tasks.find((entry) => entry.label === 'site: check content')!;
  root = await mkdtemp(join(tmpdir(), 'site-editor-task-'));
  await Promise.all(
    ['content', 'site.config.yaml'].map((part) => cp(join(repoRoot, part), join(root, part), { recursive: true })),
  );
  // Three front-matter mistakes an editor makes: a misspelt field, a date written out, a misspelt image.
  const article = await readFile(join(root, ARTICLE), 'utf8');
  image = /^image: (\S+)$/m.exec(article)![1]!;
  lineOf = (field) => article.split('\n').findIndex((text) => text.startsWith(`${field}:`)) + 1;
  await writeFile(
    join(root, ARTICLE),
    article
      .replace(/^title:/m, 'titel:')
      .replace(/^date: .*$/m, 'date: "10-11-2026"')
      .replace(/^image: .*$/m, `image: ${image}x`),
  );
  const [npx, site, ...args] = task.command.split(' ');
  expect([npx, site]).toEqual(['npx', 'site']);
  run = await runSite(repoRoot, [...args, '--root', root]);
}, 60_000);
afterAll(() => rm(root, { recursive: true, force: true }));

describe('the VS Code task "site: check content"', () => {
  test('each front-matter mistake comes out of the real CLI as a problem on its file and line', () => {
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const problems = matched(run.stdout);
    expect(problems.filter((p) => 'unmatched' in p)).toEqual([]);
    const errors = problems.filter((p) => 'severity' in p && p.severity === 'error');
    expect(errors).toEqual(
      expect.arrayContaining([
        {
          file: ARTICLE,
          line: lineOf('title'),
          column: 1,
          severity: 'error',
          code: 'CONTENT_SCHEMA_MISMATCH',
          message: expect.stringMatching(
            /^titel: unknown field "titel" \(did you mean "title"\?\) \(hint: Fix the field `titel`/,
          ),
        },
        {
          file: ARTICLE,
          line: lineOf('date'),
          column: 1,
          severity: 'error',
          code: 'CONTENT_SCHEMA_MISMATCH',
          message: expect.stringMatching(/^date: a date like "2026-10-02", received "10-11-2026"/),
        },
        {
          file: ARTICLE,
          line: lineOf('image'),
          column: 1,
          severity: 'error',
          code: 'IMAGE_NOT_FOUND',
          message: expect.stringContaining(`image: no image "${image}x" in content/images (did you mean "${image}"?)`),
        },
        // A missing field is placed on the front matter's first line.
        {
          file: ARTICLE,
          line: 2,
          column: 1,
          severity: 'error',
          code: 'CONTENT_SCHEMA_MISMATCH',
          message: expect.stringMatching(/^title: required field is missing/),
        },
      ]),
    );
    expect(errors).toHaveLength(4);
    // fileLocation relative to the workspace: every file named is one of the project's.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: VS Code's own variable, written as VS Code reads it.
    expect(task.problemMatcher.fileLocation).toEqual(['relative', '${workspaceFolder}']);
    for (const p of problems) if ('file' in p) expect(existsSync(join(root, p.file!))).toBe(true);
  });

  test.each([
    {
      name: 'a problem at a line and column',
      p: problem(
        'CONTENT_SCHEMA_MISMATCH',
        { field: 'date', problem: 'bad\n  date', collection: 'news' },
        { location: { file: 'content/a b.md', line: 7, column: 3 } },
      ),
      file: 'content/a b.md',
      line: 7,
      column: 3,
    },
    {
      name: 'a problem in a file at no line: at 1:1',
      p: problem(
        'PAGE_CONTENT_MISSING',
        { route: 'sponsors', expected: 'content/nl/sponsors.md' },
        { location: { file: 'content/nl/sponsors.md' }, severity: 'warning' },
      ),
      file: 'content/nl/sponsors.md',
      line: 1,
      column: 1,
    },
  ])('one line the matcher reads: $name', ({ p, file, line, column }) => {
    const text = formatProblemLine(p);
    expect(text).not.toContain('\n');
    expect(matched(text)).toEqual([
      {
        file,
        line,
        column,
        severity: p.severity,
        code: p.code,
        message: expect.stringContaining(`(hint: ${p.hint.replace(/\s+/g, ' ').trim()})`),
      },
    ]);
  });

  test('a problem in no file stays one line the matcher leaves alone (it is in the task output)', () => {
    expect(matched(formatProblemLine(problem('PACKAGE_NOT_INSTALLED', { name: 'yaml' })))).toEqual([
      { unmatched: expect.stringMatching(/^site: error PACKAGE_NOT_INSTALLED /) },
    ]);
  });
});
