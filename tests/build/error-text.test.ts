import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../cli/errors/error-text.ts';
import { repoRoot } from './helpers.ts';

/**
 * cli/errors/error-text.ts: an internal error's stack in a bundle made as bin/site.mjs makes the
 * CLI's (esbuild, linked source maps) is reported in the lines of the TypeScript it came from,
 * without Node's source maps turned on.
 */
let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'error-text-'));
  await mkdir(join(root, 'src'));
  await writeFile(
    join(root, 'src', 'thrower.ts'),
    'export function boom(): never {\n  const why: string = "a bug";\n  throw new Error("boom: " + why);\n}\n',
  );
  await writeFile(
    join(root, 'src', 'entry.ts'),
    "import { boom } from './thrower.ts';\nexport const run = () => boom();\n",
  );
  for (const [name, sourcemap, format] of [
    ['mapped', 'linked', 'esm'],
    ['unmapped', false, 'esm'],
    ['commonjs', 'linked', 'cjs'], // as the launcher's thread runs the CLI (bin/commonjs-bundle.mjs)
  ] as const)
    await build({
      absWorkingDir: root,
      entryPoints: [join(root, 'src', 'entry.ts')],
      outfile: join(root, '.site', name, format === 'esm' ? 'entry.mjs' : 'entry.cjs'),
      bundle: true,
      format,
      platform: 'node',
      sourcemap,
      logLevel: 'silent',
    });
});
afterAll(() => rm(root, { recursive: true, force: true }));

/**
 * The bundle's error as the CLI reports it, in a process of its own: its module loaded without
 * source maps, as bin/site.mjs loads the CLI (vitest maps every stack it sees).
 */
const reported = (name: string): { stack: string; text: string } => {
  const script = `
    process.setSourceMapsEnabled(false);
    const file = ${JSON.stringify(join(root, '.site', name, name === 'commonjs' ? 'entry.cjs' : 'entry.mjs'))};
    const { run } = file.endsWith('.cjs') ? (await import('node:module')).createRequire(file)(file) : await import(${JSON.stringify(pathToFileURL(join(root, '.site', name, 'entry.mjs')).href)});
    const { errorText } = await import('./cli/errors/error-text.ts');
    try { run(); } catch (error) { console.log(JSON.stringify({ stack: error.stack, text: errorText(error) })); }`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1)!);
};

describe('errorText', () => {
  it("reports a bundled module's places in the TypeScript's files and lines", async () => {
    const { stack, text } = reported('mapped');
    expect(stack).toContain('entry.mjs:');
    expect(text).toMatch(/^Error: boom: a bug\n/);
    expect(text).toContain(`at boom (${join(root, 'src', 'thrower.ts')}:3:9)`);
    expect(text).toContain(`${join(root, 'src', 'entry.ts')}:2:`);
    expect(text).not.toContain('entry.mjs:');
  });

  it("reports a CommonJS bundle's places (paths, not file: URLs) in the TypeScript's files and lines", async () => {
    const { stack, text } = reported('commonjs');
    expect(stack).toContain(`${join(root, '.site', 'commonjs', 'entry.cjs')}:`);
    expect(text).toContain(`at boom (${join(root, 'src', 'thrower.ts')}:3:9)`);
    expect(text).not.toContain('entry.cjs:');
  });

  it('leaves a place without a map beside its file as it is', async () => {
    const { stack, text } = reported('unmapped');
    expect(stack).toContain('entry.mjs:');
    expect(text).toBe(stack);
  });

  it('says what was thrown when it is not an Error', () => {
    expect(errorText('plain words')).toBe('plain words');
    const bare = new Error('no stack');
    bare.stack = undefined;
    expect(errorText(bare)).toBe('no stack');
  });
});
