import { describe, expect, it } from 'vitest';
import type { CardTemplate } from '../../cli/build/cards.ts';
import { faceOf, fontFor } from '../../cli/build/card-type.ts';
import { withCardTemplate } from './card-site.ts';

let template: CardTemplate;
withCardTemplate('card-type', (made) => ({ template } = made));

describe("a card font's face", () => {
  it('shapes a text once a process: the same glyphs again, HarfBuzz not asked again', async () => {
    const face = await faceOf(fontFor(template, 'Inter', 700)!);
    const before = face.shaped;
    const first = face.shape('Gravelbanen geopend');
    expect(face.shaped).toBe(before + 1);
    expect(face.shape('Gravelbanen geopend')).toEqual(first);
    expect(face.shaped).toBe(before + 1);
    // Another text is shaped on its own, with glyphs of its own.
    const other = face.shape('Gravelbanen geopend!');
    expect(face.shaped).toBe(before + 2);
    expect(other).toHaveLength(first.length + 1);
  });
});
