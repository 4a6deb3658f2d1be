import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadSharp } from '../../cli/images/sharp.ts';
import { drawingPackages, templateVersion } from '../../cli/build/card-template.ts';

const installed = (name: string) =>
  (JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')) as { version: string }).version;

describe('the cards template version', () => {
  const code = 'export function ShareCard() {}';
  const fonts = [Buffer.from('regular'), Buffer.from('bold')];
  const packages = drawingPackages();
  const base = templateVersion(code, fonts, packages);
  const sharp = loadSharp();

  it('is the same for the same template, fonts and packages', () => {
    expect(
      templateVersion(
        code,
        fonts.map((font) => Buffer.from(font)),
        packages,
      ),
    ).toBe(base);
  });

  // Each row changes one thing that decides a card's bytes: every one must make another version,
  // or cards kept from before the change would be used beside cards drawn after it.
  it.each([
    ['the template code', () => templateVersion(`${code};`, fonts, packages)],
    ['a font', () => templateVersion(code, [fonts[0]!, Buffer.from('bold 2')], packages)],
    [
      'satori upgraded',
      () => templateVersion(code, fonts, packages.replace(`"satori":"${installed('satori')}"`, '"satori":"9.9.9"')),
    ],
    [
      'HarfBuzz upgraded',
      () =>
        templateVersion(
          code,
          fonts,
          packages.replace(`"harfbuzzjs":"${installed('harfbuzzjs')}"`, '"harfbuzzjs":"9.9.9"'),
        ),
    ],
    [
      'resvg upgraded',
      () =>
        templateVersion(
          code,
          fonts,
          packages.replace(`"@resvg/resvg-js":"${installed('@resvg/resvg-js')}"`, '"@resvg/resvg-js":"9.9.9"'),
        ),
    ],
    [
      'libvips upgraded',
      () => templateVersion(code, fonts, packages.replace(`"vips":"${sharp.versions.vips}"`, '"vips":"9.9.9"')),
    ],
    [
      'sharp upgraded',
      () => templateVersion(code, fonts, packages.replace(`"sharp":"${sharp.versions.sharp}"`, '"sharp":"9.9.9"')),
    ],
  ])('changes with %s', (_change, changed) => {
    expect(changed()).not.toBe(base);
  });

  it('names the installed versions of the packages that draw', () => {
    const named = JSON.parse(packages) as Record<string, string>;
    for (const name of ['satori', 'harfbuzzjs', '@resvg/resvg-js']) expect(named[name]).toBe(installed(name));
    expect(named).toMatchObject({ sharp: sharp.versions.sharp, vips: sharp.versions.vips });
  });
});
