import { describe, expect, it } from 'vitest';
import type { CardTemplate } from '../../cli/build/cards.ts';
import { BLEED, frameOf, textLayer } from '../../cli/build/card-layers.ts';
import { overlay, type Raw } from '../../cli/build/card-pixels.ts';
import { drawText } from '../../cli/build/card-text.ts';
import type { ShareCardProps } from '../../templates/cards/ShareCard.tsx';
import { cardSite, withCardTemplate } from './card-site.ts';
import { cardTitles } from './card-titles.ts';

/**
 * A card's text drawn from glyphs painted once (card-text.ts, issue 21) must look as the text
 * layer satori lays out and resvg paints, laid over the same frame: compared pixel by pixel, before
 * the JPEG. Sums of separately painted glyphs round a level off here and there, no more.
 */
let dir: string;
let template: CardTemplate;
withCardTemplate('card-text', (made) => ({ dir, template } = made));
const size = { width: 1200, height: 630 };

const props = (title: string, more: Partial<ShareCardProps> = {}): ShareCardProps => ({
  locale: 'nl',
  title,
  siteName: cardSite.name,
  host: cardSite.host,
  colors: cardSite.colors,
  ...more,
});

/** The card's frame with its text drawn here, or undefined when left to satori. */
async function drawn(shown: ShareCardProps, drawWith = template): Promise<Raw | undefined> {
  const frame = (await frameOf(template, shown, size))!;
  const card = { ...frame, data: Buffer.from(frame.data) };
  return (await drawText(drawWith, shown, template.textBox!(shown), card)) ? card : undefined;
}

/** The card's frame with the text layer satori lays out and resvg paints, `off` pixels to the right. */
async function painted(shown: ShareCardProps, off = 0): Promise<Raw> {
  const frame = (await frameOf(template, shown, size))!;
  const box = template.textBox!(shown);
  const card = { ...frame, data: Buffer.from(frame.data) };
  overlay(card.data, card.width, await textLayer(template, shown, box), box.left - BLEED + off, box.top - BLEED);
  return card;
}

function difference(a: Raw, b: Raw) {
  let [sum, largest] = [0, 0];
  for (let i = 0; i < a.data.length; i++) {
    const d = Math.abs(a.data[i]! - b.data[i]!);
    sum += d;
    largest = Math.max(largest, d);
  }
  return { mean: sum / a.data.length, largest };
}

describe("a card's text drawn from glyphs", () => {
  it('looks as satori and resvg draw it, for 60 titles with and without photo, label and detail', async () => {
    // Not the word wider than the line: it runs past the layer's edge, whose last column resvg's
    // clipping antialiases a little otherwise (2 pixels, 30 levels, hidden under the photo).
    for (const [index, title] of cardTitles(61).slice(1).entries()) {
      const shown = props(title, {
        locale: index % 3 === 0 ? 'en' : 'nl',
        ...(index % 2 === 0 ? { photo: 'data:,' } : {}),
        ...(index % 4 !== 1 ? { label: index % 5 === 0 ? 'Evenementen' : 'Nieuws' } : {}),
        ...(index % 3 !== 2 ? { detail: `${1 + (index % 28)} maart 2026 · Amstelveen` } : {}),
      });
      const mine = await drawn(shown);
      expect(mine, title).toBeDefined();
      const { mean, largest } = difference(mine!, await painted(shown));
      expect(largest, title).toBeLessThanOrEqual(2);
      expect(mean, title).toBeLessThan(0.01);
    }
  });

  it('is told from the text a pixel off by that comparison', async () => {
    const shown = props('Jeugdkampioenschappen op de gravelbanen', { label: 'Nieuws', detail: '3 maart 2026' });
    const { largest } = difference((await drawn(shown))!, await painted(shown, 1));
    expect(largest).toBeGreaterThan(100);
  });

  it('leaves the text to satori when it is not laid out as satori would, or the template is not a column of text', async () => {
    expect(await drawn(props('Łódź Open', { label: 'Nieuws' }))).toBeUndefined();
    const centred: CardTemplate = {
      ...template,
      render: (shown) => {
        const root = template.render(shown) as { props: { children: { props: Record<string, unknown> } } };
        const column = root.props.children;
        return {
          ...root,
          props: { ...root.props, children: { ...column, props: { ...column.props, style: { textAlign: 'center' } } } },
        } as never;
      },
    };
    expect(await drawn(props('Voorjaarslessen'), centred)).toBeUndefined();
  });
});
