import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { readContent } from '../../cli/content/read.ts';
import { readFocus } from '../../cli/images/focus-file.ts';
import { repoRoot } from './fixtures.ts';

/** The site's own pictures (content/images): issue 19's "20 clubs share 12 court drawings" may not come back. */
describe("the site's images", () => {
  it('no two clubs share a picture', async () => {
    const clubs = load(await readFile(join(repoRoot, 'content', 'data', 'clubs.yaml'), 'utf8')) as Array<{
      name: string;
      image: string;
    }>;
    const byImage = new Map<string, string[]>();
    for (const club of clubs) byImage.set(club.image, [...(byImage.get(club.image) ?? []), club.name]);
    expect([...byImage].filter(([, names]) => names.length > 1)).toEqual([]);
    expect(byImage.size).toBe(clubs.length);
  });

  it('every picture has a focal point in focus.yaml, and every line there is a picture', async () => {
    const { images } = await readContent(repoRoot);
    const { points, problems } = await readFocus(repoRoot, images);
    expect(problems).toEqual([]);
    expect([...images.keys()].filter((name) => !points.has(name))).toEqual([]);
  });
});
