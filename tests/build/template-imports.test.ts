import { build, type Plugin } from 'esbuild';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { browserOnlyImports, lazyImportPaths } from '../../cli/build/browser-only-imports.ts';
import { compileTemplates } from '../../cli/build/compile-templates.ts';
import { repoRoot } from './helpers.ts';

/** The packages a module imports when it is loaded (its static imports), by name. */
const staticImports = (code: string): string[] =>
  [...code.matchAll(/^import\s[^;]*?from\s*"([^"]+)"/gm)].map((match) => match[1]!);

/**
 * The templates' server module (cli/build/compile-templates.ts) loads only what rendering a page
 * uses: an island's lazy import() (the browser's Firebase SDK) stays out of it, and the icons load
 * three functions of @iconify/utils, not its index of 64 modules.
 */
describe('browserOnlyImports', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'browser-only-imports-'));
    await mkdir(join(root, 'islands'));
    await mkdir(join(root, 'templates'));
    await writeFile(join(root, 'islands', 'sdk-user.ts'), "export const start = () => import('./sdk.ts');\n");
    await writeFile(
      join(root, 'islands', 'sdk.ts'),
      "import { sdk } from 'browser-sdk';\nexport const client = sdk();\n",
    );
    await writeFile(join(root, 'templates', 'helper.ts'), "import { help } from 'server-helper';\nexport { help };\n");
    await writeFile(
      join(root, 'templates', 'entry.ts'),
      "import { start } from '../islands/sdk-user.ts';\nexport const page = () => [start, import('./helper.ts')];\n",
    );
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const bundle = async (plugins: Plugin[]) =>
    (
      await build({
        absWorkingDir: root,
        entryPoints: [join(root, 'templates', 'entry.ts')],
        bundle: true,
        platform: 'node',
        format: 'esm',
        packages: 'external',
        write: false,
        logLevel: 'silent',
        plugins,
      })
    ).outputFiles[0]!.text;

  test("an island's import() is left to the browser: its packages are not the server module's imports", async () => {
    // Without the plugin esbuild bundles the lazy module and hoists its import (what the plugin is for).
    expect(staticImports(await bundle([]))).toContain('browser-sdk');
    const code = await bundle([browserOnlyImports(join(root, 'islands'))]);
    expect(staticImports(code)).not.toContain('browser-sdk');
    expect(code).toContain('import("./sdk.ts")');
    // A template's own import() is bundled as before.
    expect(staticImports(code)).toContain('server-helper');
  });

  test("only the paths islands/ passes to import() reach the plugin, not every relative import (each waits for the build's busy main thread)", async () => {
    await writeFile(
      join(root, 'islands', 'more.ts'),
      [
        "import { start } from './sdk-user.ts';",
        'export const later = () => import(/* comment */ "./later.ts");',
        'export const templated = () => import(`./templated.ts`);',
        'export const named = (name: string) => import(name);',
        '',
      ].join('\n'),
    );
    expect(lazyImportPaths(join(root, 'islands'))).toEqual(['./later.ts', './sdk.ts', './templated.ts']);
    const filters: RegExp[] = [];
    browserOnlyImports(join(root, 'islands')).setup({
      onResolve: (options: { filter: RegExp }) => filters.push(options.filter),
    } as unknown as Parameters<Plugin['setup']>[0]);
    expect(filters).toHaveLength(1);
    for (const path of ['./sdk.ts', './later.ts', './templated.ts']) expect(path).toMatch(filters[0]!);
    for (const path of ['./sdk-user.ts', './helper.ts', '../islands/sdk-user.ts', './sdk.tsx'])
      expect(path).not.toMatch(filters[0]!);
    await rm(join(root, 'islands', 'more.ts'));
  });

  test("the site's templates import neither Firebase, @iconify/utils' index nor React", async () => {
    const compiled = await compileTemplates(repoRoot, join(repoRoot, '.site', 'cache'));
    const imports = staticImports(await readFile(compiled.file, 'utf8'));
    // Their JSX renders with their own runtime (cli/build/template-runtime.ts), bundled in: React is not loaded.
    expect(imports).toContain('preact-render-to-string');
    expect(imports.filter((name) => name.startsWith('react'))).toEqual([]);
    expect(imports.filter((name) => name.startsWith('firebase') || name === '@iconify/utils')).toEqual([]);
    expect(compiled.inputs).not.toContain('islands/lib/auth/firebase.ts');
  });
});
