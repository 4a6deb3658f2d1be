import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cropPhoto } from '../../cli/build/card-photo.ts';
import { CENTRE, focusCrop, formatFocus, type FocalPoint } from '../../shared/focal-point.ts';
import { parseFocus } from '../../cli/images/focus-file.ts';
import { fileOf, makeProject, run } from './fixtures.ts';

const SOURCES = [
  { width: 1600, height: 1000 }, // the drawn scenes
  { width: 1000, height: 1600 }, // a portrait photo
  { width: 1200, height: 1200 },
];
// The shapes the site crops to: a phone's tall hero, a desktop's wide one, a card, an avatar, a social card's photo.
const BOXES = [
  { width: 390, height: 640 },
  { width: 1366, height: 352 },
  { width: 16, height: 10 },
  { width: 64, height: 64 },
  { width: 440, height: 630 },
];
const POINTS: Array<[string, FocalPoint]> = [
  ['top left corner', { x: 0, y: 0 }],
  ['top right corner', { x: 1, y: 0 }],
  ['bottom left corner', { x: 0, y: 1 }],
  ['bottom right corner', { x: 1, y: 1 }],
  ['near the left edge', { x: 0.03, y: 0.5 }],
  ['near the right edge', { x: 0.97, y: 0.5 }],
  ['near the top', { x: 0.5, y: 0.04 }],
  ['near the bottom', { x: 0.5, y: 0.96 }],
  ['off centre', { x: 0.7, y: 0.35 }],
  ['the middle', CENTRE],
];
const cases = SOURCES.flatMap((source) =>
  BOXES.flatMap((box) => POINTS.map(([where, focus]) => ({ source, box, where, focus }))),
);

describe('focusCrop: the part of a source a box shows, around the focal point', () => {
  it.each(cases)(
    '$source.width x $source.height into $box.width x $box.height, focal point $where',
    ({ source, box, focus }) => {
      const crop = focusCrop(source, box, focus);
      // inside the source
      expect(crop.left).toBeGreaterThanOrEqual(0);
      expect(crop.top).toBeGreaterThanOrEqual(0);
      expect(crop.left + crop.width).toBeLessThanOrEqual(source.width);
      expect(crop.top + crop.height).toBeLessThanOrEqual(source.height);
      // the box's shape, as large as the source allows (one side whole)
      expect(Math.abs(crop.width / crop.height - box.width / box.height)).toBeLessThan(0.01);
      expect(crop.width === source.width || crop.height === source.height).toBe(true);
      // the focal point is inside the crop
      const [fx, fy] = [focus.x * source.width, focus.y * source.height];
      expect(fx).toBeGreaterThanOrEqual(crop.left);
      expect(fx).toBeLessThanOrEqual(crop.left + crop.width);
      expect(fy).toBeGreaterThanOrEqual(crop.top);
      expect(fy).toBeLessThanOrEqual(crop.top + crop.height);
      // and in its middle wherever the source leaves room for that
      const centredLeft = fx - crop.width / 2;
      if (centredLeft >= 0 && centredLeft + crop.width <= source.width)
        expect(Math.abs(crop.left - centredLeft)).toBeLessThanOrEqual(1);
      const centredTop = fy - crop.height / 2;
      if (centredTop >= 0 && centredTop + crop.height <= source.height)
        expect(Math.abs(crop.top - centredTop)).toBeLessThanOrEqual(1);
    },
  );

  it('a focal point at 90% across a wide source keeps the right edge in a phone hero', () => {
    expect(focusCrop({ width: 1600, height: 1000 }, { width: 390, height: 640 }, { x: 0.9, y: 0.5 })).toEqual({
      left: 991,
      top: 0,
      width: 609,
      height: 1000,
    });
  });

  it('writes a focal point as focus.yaml and CSS object-position do', () => {
    expect(formatFocus({ x: 0.4, y: 0.655 })).toBe('40% 65.5%');
    expect(formatFocus(CENTRE)).toBe('50% 50%');
  });
});

const images = new Map([
  ['court-clay-1', 'content/images/court-clay-1.jpg'],
  ['court-clay-2', 'content/images/court-clay-2.jpg'],
  ['contact-desk', 'content/images/contact-desk.jpg'],
]);

describe('content/images/focus.yaml', () => {
  it('reads percentages, across then down', () => {
    const { points, problems } = parseFocus(
      '# comment\ncourt-clay-1: 40% 65%\ncontact-desk: "0% 100%"\ncourt-clay-2: 12.5%   7%\n',
      images,
    );
    expect(problems).toEqual([]);
    expect(Object.fromEntries(points)).toEqual({
      'court-clay-1': { x: 0.4, y: 0.65 },
      'contact-desk': { x: 0, y: 1 },
      'court-clay-2': { x: 0.125, y: 0.07 },
    });
  });

  it('is optional, and may hold only comments', () => {
    expect(parseFocus(undefined, images).problems).toEqual([]);
    expect(parseFocus('# nothing yet\n', images).problems).toEqual([]);
  });

  it.each([
    [
      'a value over 100%',
      'court-clay-1: 40% 150%',
      2,
      'court-clay-1',
      'two percentages from 0% to 100%, across then down',
    ],
    ['one number', 'court-clay-1: 40%', 2, 'court-clay-1', 'received "40%"'],
    ['words', 'court-clay-1: left top', 2, 'court-clay-1', 'like "40% 65%"'],
    ['numbers without %', 'court-clay-1: 40 65', 2, 'court-clay-1', 'two percentages'],
    ['a number', 'court-clay-1: 40', 2, 'court-clay-1', 'two percentages'],
    ['a negative value', 'court-clay-1: -5% 50%', 2, 'court-clay-1', 'from 0% to 100%'],
    [
      'an unknown image',
      'court-clay-9: 40% 65%',
      2,
      'court-clay-9',
      'no image "court-clay-9" in content/images (did you mean "court-clay-1"?)',
    ],
    ['a list instead of lines', '- court-clay-1: 40% 65%', undefined, '(file)', 'one line per image'],
  ])('%s is an error at its line, saying what to write', (_, line, lineNumber, field, says) => {
    const { problems } = parseFocus(`# focal points\n${line}\n`, images);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      code: 'IMAGE_FOCUS_INVALID',
      field,
      location: { file: 'content/images/focus.yaml', ...(lineNumber ? { line: lineNumber } : {}) },
    });
    expect(problems[0]!.message).toContain(says);
    expect(problems[0]!.hint).toContain('docs/images.md');
  });

  it('a YAML mistake is a syntax error at its line', () => {
    const { problems } = parseFocus('court-clay-1: 40% 65%\n  court-clay-2: [\n', images);
    expect(problems[0]).toMatchObject({ code: 'YAML_SYNTAX', location: { file: 'content/images/focus.yaml' } });
  });
});

describe('the image stage crops around the focal point', () => {
  // Left half red, right half blue: a square crop around a point on the right is all blue.
  const halves = () =>
    sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="200" height="200" fill="#ff0000"/><rect x="200" width="200" height="200" fill="#0000ff"/></svg>',
      ),
    )
      .png()
      .toBuffer();
  const meanColour = async (file: string) =>
    (await sharp(file).stats()).channels.slice(0, 3).map((channel) => Math.round(channel.mean));

  it('a fixed crop follows focus.yaml, and the lookup carries the point for the templates', async () => {
    const project = await makeProject({ 'halves.png': await halves() });
    await writeFile(join(project.root, 'content', 'images', 'focus.yaml'), 'halves: 90% 50%\n');
    const { lookup } = await run(project, { fixed: new Map([['halves', [{ width: 40, height: 40 }]]]) });
    expect(lookup.halves!.focus).toEqual({ x: 0.9, y: 0.5 });
    const square = lookup.halves!.fixed![0]!.densities[0]!;
    const [red, , blue] = await meanColour(fileOf(project.publicDir, square.src));
    expect(blue).toBeGreaterThan(200);
    expect(red).toBeLessThan(40);
  });

  it("a social card's photo half is cut around the focal point too", async () => {
    const project = await makeProject({ 'halves.png': await halves() });
    const left = await sharp(
      await cropPhoto(join(project.root, 'content', 'images', 'halves.png'), { x: 0.1, y: 0.5 }),
    ).stats();
    const right = await sharp(
      await cropPhoto(join(project.root, 'content', 'images', 'halves.png'), { x: 0.9, y: 0.5 }),
    ).stats();
    expect(left.channels[0]!.mean).toBeGreaterThan(200);
    expect(left.channels[2]!.mean).toBeLessThan(40);
    expect(right.channels[2]!.mean).toBeGreaterThan(200);
    expect(right.channels[0]!.mean).toBeLessThan(40);
  });

  it('a bad focus.yaml line stops the stage with the unreadable images, all in one report', async () => {
    const project = await makeProject({ 'halves.png': await halves() });
    await writeFile(join(project.root, 'content', 'images', 'focus.yaml'), 'halves: 200% 50%\nhalfs: 10% 10%\n');
    await expect(run(project)).rejects.toMatchObject({
      problems: [
        { code: 'IMAGE_FOCUS_INVALID', field: 'halves' },
        { code: 'IMAGE_FOCUS_INVALID', field: 'halfs' },
      ],
    });
  });
});
