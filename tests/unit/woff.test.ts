/**
 * The card fonts are given to satori unwrapped from their WOFF files (cli/build/woff.ts): the same
 * tables, so the same glyphs and the same card, and a file that is not WOFF is refused.
 */
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import satori from 'satori';
import { createElement } from 'react';
import { describe, expect, test } from 'vitest';
import { sfntFromWoff } from '../../cli/build/woff.ts';

const folder = join(dirname(createRequire(import.meta.url).resolve('@fontsource/inter/package.json')), 'files');
const names = ['latin-400', 'latin-700', 'latin-ext-400', 'latin-ext-700'];

describe('WOFF to the font it wraps', () => {
  test.each(names)('inter-%s: every table, at its original length, in order', async (name) => {
    const woff = await readFile(join(folder, `inter-${name}-normal.woff`));
    const sfnt = sfntFromWoff(woff);
    const count = woff.readUInt16BE(12);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    expect(sfnt.readUInt16BE(4)).toBe(count);
    expect(sfnt.length).toBe(woff.readUInt32BE(16)); // totalSfntSize: what the WOFF says the font is
    for (let index = 0; index < count; index++) {
      expect(sfnt.readUInt32BE(12 + index * 16)).toBe(woff.readUInt32BE(44 + index * 20)); // tag
      expect(sfnt.readUInt32BE(12 + index * 16 + 12)).toBe(woff.readUInt32BE(44 + index * 20 + 12)); // length
    }
  });

  test('satori draws the same text from either', async () => {
    const draw = (data: Buffer) =>
      satori(createElement('div', { style: { fontSize: 48 } }, 'Één ŝpecial ĳsbaan, Łódź & Škoda'), {
        width: 900,
        height: 120,
        fonts: [{ name: 'Inter', data, weight: 400, style: 'normal' }],
      });
    const woff = await readFile(join(folder, 'inter-latin-ext-400-normal.woff'));
    expect(await draw(sfntFromWoff(woff))).toBe(await draw(woff));
  });

  test('refuses a file that is not WOFF 1.0', () => {
    expect(() => sfntFromWoff(Buffer.from('wOF2 and more bytes than a header holds, surely', 'latin1'))).toThrow(
      /not a WOFF 1.0 font/,
    );
  });
});
