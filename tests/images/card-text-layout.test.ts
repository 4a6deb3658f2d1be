import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { CardTemplate } from '../../cli/build/cards.ts';
import { layOut, type TextStyle } from '../../cli/build/card-text-layout.ts';
import { faceOf, fontFor, type Face } from '../../cli/build/card-type.ts';
import { cardSite, withCardTemplate } from './card-site.ts';
import { cardTitles, TOO_LONG } from './card-titles.ts';

/**
 * A card's title laid out without satori (issue 21) must be satori's layout to the tenth of a
 * pixel satori writes: the same line breaks, the same clamp and ellipsis, every glyph in the same
 * place. Each title is laid out by satori in the template's own title style, and the points of its
 * glyphs' outlines are compared with those of the glyphs placed here.
 */
const require = createRequire(import.meta.url);
const satori = (require('satori') as typeof import('satori')).default;
let dir: string;
let template: CardTemplate;
withCardTemplate('card-text-layout', (made) => ({ dir, template } = made));

interface Node {
  type: unknown;
  props: { style?: Record<string, unknown>; children?: unknown };
}

/** The element of the template's text part that holds `text`, and the text part's root. */
function partHolding(text: string, photo: boolean): { root: Node; holder: Node } {
  const root = template.render({
    locale: 'nl',
    title: text,
    label: 'Nieuws',
    detail: '3 maart 2026',
    siteName: cardSite.name,
    host: cardSite.host,
    colors: cardSite.colors,
    ...(photo ? { photo: 'data:,' } : {}),
    part: 'text',
  }) as Node;
  const find = (node: unknown): Node | undefined => {
    if (!node || typeof node !== 'object' || !('props' in node)) return undefined;
    const element = node as Node;
    if (element.props.children === text) return element;
    for (const child of [element.props.children].flat()) {
      const found = find(child);
      if (found) return found;
    }
    return undefined;
  };
  return { root, holder: find(root)! };
}

// satori's rounding of outline points: to a tenth, half away from zero.
const tenth = (value: number) => (value < 0 ? -Math.round(-value * 10) : Math.round(value * 10)) / 10;

/** The distinct points of the outlines of glyphs placed at their places, as satori writes them. */
function pointsOf(face: Face, size: number, glyphs: Array<{ glyph: number; x: number; y: number }>): string[] {
  const scale = size / face.unitsPerEm;
  const points = new Set<string>();
  for (const { glyph, x, y } of glyphs) {
    const numbers = [...face.outline(glyph).matchAll(/-?[\d.]+(?:e-?\d+)?/g)].map(Number);
    for (let k = 0; k < numbers.length; k += 2)
      points.add(`${tenth(x + numbers[k]! * scale)} ${tenth(y - numbers[k + 1]! * scale)}`);
  }
  return [...points].sort();
}

const pathPoints = (svg: string) =>
  [
    ...new Set(
      [...svg.matchAll(/ d="([^"]*)"/g)].flatMap(([, d]) =>
        [...d!.matchAll(/(-?[\d.]+) (-?[\d.]+)/g)].map((m) => `${Number(m[1])} ${Number(m[2])}`),
      ),
    ),
  ].sort();

describe("a card's title laid out as satori lays it out", () => {
  it('places every glyph of 300 titles where satori does, with and without a photo', async () => {
    let clamped = 0;
    for (const [index, title] of cardTitles(300).entries()) {
      const photo = index % 2 === 0;
      const { root, holder } = partHolding(title, photo);
      const style = holder.props.style!;
      const width = template.textBox!(photo ? { photo: 'data:,' } : {}).width;
      const face = await faceOf(
        fontFor(template, String(root.props.style!.fontFamily), Number(style.fontWeight ?? 400))!,
      );
      const textStyle: TextStyle = {
        fontSize: style.fontSize as number,
        lineHeight: style.lineHeight as number,
        letterSpacing: (style.letterSpacing as number) ?? 0,
        ...(style.lineClamp ? { lineClamp: style.lineClamp as number } : {}),
        ...(style.overflowWrap === 'break-word' ? { breakWords: true } : {}),
      };
      const laid = layOut(title, width, face, textStyle);
      expect(laid, title).toBeDefined();
      if (laid!.lines.at(-1)!.endsWith('\u2026')) clamped++;
      // satori lays the title alone out at the top left of a box as wide as the text box.
      const alone = {
        type: 'div',
        key: null,
        props: {
          style: {
            display: 'flex',
            flexDirection: 'column',
            width,
            height: 400,
            fontFamily: root.props.style!.fontFamily,
          },
          children: { type: 'div', key: null, props: { style, children: title } },
        },
      };
      const svg = await satori(alone as never, { width, height: 400, fonts: template.fonts });
      const mine = pointsOf(face, textStyle.fontSize, laid!.glyphsAt({ left: 0, top: 0 }));
      expect(mine.length, title).toBeGreaterThan(0);
      expect(mine, `${title} -> ${JSON.stringify(laid!.lines)}`).toEqual(pathPoints(svg));
    }
    // The clamp and its ellipsis were among what was compared.
    expect(clamped).toBeGreaterThan(20);
  });

  it('leaves to satori what it does not lay out as satori does', async () => {
    const face = await faceOf(fontFor(template, 'Inter', 700)!);
    const style = { fontSize: 62, lineHeight: 1.12, letterSpacing: -1, lineClamp: 4 };
    // A character the font lacks (satori draws its .notdef), right-to-left text, a no-break space.
    for (const text of ['Łódź open', 'שלום tennis', 'Open\u00a0Dag'])
      expect(layOut(text, 1064, face, style), text).toBeUndefined();
    // A word wider than the line stays whole on its own line, unless words may be broken.
    expect(layOut(`Een ${TOO_LONG} woord`, 1064, face, style)?.lines).toEqual(['Een ', `${TOO_LONG} `, 'woord']);
    // Breaking, it goes to a line of its own first, as in CSS, and is broken where the line is full.
    const broken = layOut(`Een ${TOO_LONG} woord`, 1064, face, { ...style, breakWords: true })?.lines;
    expect(broken).toEqual([
      'Een ',
      'Supercalifragilisticexpialidociously',
      'onbreekbaarwoorddatnietoplijnpast ',
      'woord',
    ]);
  });
});
