import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../build/helpers.ts';

/**
 * sharp and satori ship an ESM and a CommonJS build of the same code; Node 20 imports the ESM one
 * in about twice the CPU (sharp 54-96 ms against 34-40, satori 129-182 against 64-71), paid by
 * every build that decodes or encodes an image (sharp) or draws a card (both). The tool loads both through
 * `require` (cli/images/sharp.ts, cli/build/cards.ts): one `import` elsewhere would load the other
 * build beside it, slower, and a second copy of sharp's settings.
 */
async function sources(dir: string): Promise<string[]> {
  const names = await readdir(join(repoRoot, dir), { recursive: true, encoding: 'utf8' });
  return names.filter((name) => /\.tsx?$/.test(name)).map((name) => join(dir, name));
}

/** `import x from 'name'`, `import { x } from 'name'`, `import('name')`; not `import type` nor `typeof import('name')`. */
const imports = (code: string, name: string) =>
  new RegExp(`^import (?!type )[^;]*? from '${name}';|(?<!typeof )\\bimport\\('${name}'\\)`, 'm').test(code);

describe('packages the tool loads through require', () => {
  test.each(['sharp', 'satori'])('no module of cli/ imports %s', async (name) => {
    const importing: string[] = [];
    for (const file of await sources('cli')) {
      if (imports(await readFile(join(repoRoot, file), 'utf8'), name)) importing.push(file);
    }
    expect(importing).toEqual([]);
  });

  test('the guard sees an import', () => {
    expect(imports("import sharp from 'sharp';\n", 'sharp')).toBe(true);
    expect(imports("const { default: satori } = await import('satori');\n", 'satori')).toBe(true);
    expect(imports("import type Sharp from 'sharp';\n", 'sharp')).toBe(false);
    expect(imports("require('satori') as typeof import('satori');\n", 'satori')).toBe(false);
  });
});
