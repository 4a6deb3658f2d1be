import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentProblems } from '../../cli/check/content.ts';
import { parseYaml } from '../../cli/source/yaml-source.ts';
import { missingUiStrings, uiStringUses } from '../../cli/source/ui-string-uses.ts';
import { copyProject, projectRoot, removeProject, runSite } from '../helpers/project-copy.ts';

// Issue 22, point 5: a UI string the templates name and the Dutch strings file lacks is one
// problem at strings.yaml's line, found when content is checked: not one template failure per page.

const strings = parseYaml(
  ['footer:', '  about: Over ons', 'forms:', '  send: Verstuur', ''].join('\n'),
  'content/nl/strings.yaml',
);
const uses = new Map([
  ['footer.about', 'templates/components/Footer.tsx:10'],
  ['footer.copyright', 'templates/components/Footer.tsx:72'],
  ['forms.sned', 'templates/components/Form.tsx:3'],
  ['search.title', 'templates/pages/Search.tsx:5'],
]);

describe('missingUiStrings', () => {
  const found = missingUiStrings(uses, strings.data as never, strings);
  it.each([
    ['footer.copyright', 1, ''],
    ['forms.sned', 3, ' (did you mean "forms.send"?)'],
    ['search.title', 1, ''], // no part of it: the top of the file
  ])('%s: at line %i%s', (key, line, suggestion) => {
    const problem = found.find((p) => p.field === key);
    expect(problem).toMatchObject({ code: 'UI_STRING_MISSING', location: { file: 'content/nl/strings.yaml', line } });
    expect(problem!.message).toBe(
      `content/nl/strings.yaml has no UI string ${key}${suggestion}, and the templates show it (${uses.get(key)}).`,
    );
  });
  it('says nothing of the keys the file has', () => {
    expect(found.map((p) => p.field)).toEqual(['footer.copyright', 'forms.sned', 'search.title']);
  });
});

describe('the templates and the real strings file', () => {
  it('finds the keys the templates name, with a login prefix of their own', () => {
    const named = uiStringUses(projectRoot);
    expect(named.get('footer.copyright')).toMatch(/^templates\/components\/Footer\.tsx:\d+$/);
    expect(named.has('login.headings.signIn')).toBe(true);
    expect(named.size).toBeGreaterThan(200);
  });
});

describe('a string deleted from content/nl/strings.yaml', () => {
  let project: string;
  let line: number;
  beforeAll(async () => {
    project = await copyProject({ imageCache: 'none' });
    const file = join(project, 'content', 'nl', 'strings.yaml');
    const lines = (await readFile(file, 'utf8')).split('\n');
    line = lines.indexOf('footer:') + 1;
    await writeFile(file, lines.filter((text) => !text.trimStart().startsWith('copyright:')).join('\n'));
  });
  afterAll(() => removeProject(project));

  it('is one problem at the strings file, where content is checked (site check --content, site dev)', async () => {
    const problems = (await contentProblems(project)).filter((p) => p.severity === 'error');
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'UI_STRING_MISSING',
        field: 'footer.copyright',
        location: { file: 'content/nl/strings.yaml', line },
      }),
    ]);
  });

  it('stops site build at validation with that one problem, not a template failure per page', async () => {
    const result = await runSite(project, ['build']);
    expect(result.code).toBe(1);
    const output = result.stdout + result.stderr;
    expect(output.match(/UI_STRING_MISSING/g)).toHaveLength(1);
    expect(output).toContain(`content/nl/strings.yaml:${line}`);
    expect(output).not.toContain('TEMPLATE_FAILED');
  });
});
