import { readFile } from 'node:fs/promises';
import { renderToString } from '../../templates/runtime/render.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImageLookup } from '../../shared/images.ts';
import { Picture } from '../../templates/components/Picture.tsx';
import { ImagesContext, useImage } from '../../templates/lib/images.tsx';
import { drawPhoto, fileOf, makeProject, run } from './fixtures.ts';

// <Picture> rendered to HTML from a real image-stage run, the way templates use it (their own renderer).
let lookup: ImageLookup;
let publicDir: string;

beforeAll(async () => {
  const project = await makeProject({
    'hero.jpg': await drawPhoto(1600, 900),
    'club.jpg': await drawPhoto(700, 500, 150),
    'coach.jpg': await drawPhoto(300, 400, 40),
  });
  ({ lookup } = await run(project, { fixed: new Map([['coach', [{ width: 48, height: 48 }]]]) }));
  publicDir = project.publicDir;
});

/** The attributes of the one <img> in some markup, entities decoded. */
function img(markup: string): Record<string, string> {
  const tag = /<img\b([^>]*)\/?>/.exec(markup);
  if (!tag) throw new Error(`no <img> in ${markup}`);
  const decode = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&');
  // HTML attribute names are case-insensitive (React writes srcSet): compare them lower-cased.
  return Object.fromEntries(
    [...tag[1]!.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), decode(m[2]!)]),
  );
}

const srcsetEntries = (srcset: string) => srcset.split(', ').map((entry) => entry.split(' ') as [string, string]);

describe('<Picture> responsive', () => {
  it('lists every width in srcset with the sizes it was given', () => {
    const attrs = img(
      renderToString(<Picture image={lookup.hero!} alt="Gravelbaan" sizes="(min-width: 1024px) 50vw, 100vw" />),
    );
    expect(srcsetEntries(attrs.srcset!).map(([, w]) => w)).toEqual(['320w', '640w', '768w', '1024w', '1280w', '1536w']);
    expect(attrs.sizes).toBe('(min-width: 1024px) 50vw, 100vw');
    expect(attrs.alt).toBe('Gravelbaan');
    expect(attrs.src).toBe(lookup.hero!.variants.at(-1)!.src);
  });

  it('sets width and height to the real size of the file src points at', async () => {
    const attrs = img(renderToString(<Picture image={lookup.club!} alt="" sizes="100vw" />));
    const { default: sharp } = await import('sharp');
    const meta = await sharp(fileOf(publicDir, attrs.src!)).metadata();
    expect([Number(attrs.width), Number(attrs.height)]).toEqual([meta.width, meta.height]);
  });

  it('loads lazily and decodes asynchronously by default', () => {
    const attrs = img(renderToString(<Picture image={lookup.club!} alt="" sizes="100vw" className="card-image" />));
    expect(attrs).toMatchObject({ loading: 'lazy', decoding: 'async', class: 'card-image' });
    expect(attrs.fetchpriority).toBeUndefined();
  });

  it('loads a priority image (the hero) eagerly with high fetch priority', () => {
    const attrs = img(renderToString(<Picture image={lookup.hero!} alt="" sizes="100vw" priority />));
    expect(attrs).toMatchObject({ loading: 'eager', fetchpriority: 'high' });
    expect(attrs.decoding).toBeUndefined();
  });

  it('inlines the blurred placeholder as the background the real image paints over', () => {
    const attrs = img(renderToString(<Picture image={lookup.hero!} alt="" sizes="100vw" />));
    expect(attrs.style).toContain(`background-image:url("${lookup.hero!.placeholder}")`);
    expect(attrs.style).toContain('background-size:cover');
    expect(lookup.hero!.placeholder).toMatch(/^data:image\/webp;base64,/);
  });

  it('points every URL at a file the stage wrote', async () => {
    for (const image of Object.values(lookup)) {
      const attrs = img(renderToString(<Picture image={image} alt="" sizes="100vw" />));
      const urls = [attrs.src!, ...srcsetEntries(attrs.srcset!).map(([src]) => src)];
      for (const src of urls) await expect(readFile(fileOf(publicDir, src))).resolves.toBeTruthy();
    }
  });
});

describe('<Picture> fixed size', () => {
  it('uses the 1x and 2x files made for that size', async () => {
    const attrs = img(renderToString(<Picture image={lookup.coach!} alt="Coach Anna" width={48} height={48} />));
    expect(srcsetEntries(attrs.srcset!).map(([, d]) => d)).toEqual(['1x', '2x']);
    expect([attrs.width, attrs.height]).toEqual(['48', '48']);
    expect(attrs.sizes).toBeUndefined();
    const { default: sharp } = await import('sharp');
    const sizes = await Promise.all(
      srcsetEntries(attrs.srcset!).map(async ([src]) => (await sharp(fileOf(publicDir, src)).metadata()).width),
    );
    expect(sizes).toEqual([48, 96]);
  });

  it('falls back to the narrowest breakpoint files covering 1x and 2x for a size nobody asked for', () => {
    const attrs = img(renderToString(<Picture image={lookup.hero!} alt="" width={200} />));
    expect(srcsetEntries(attrs.srcset!)).toEqual([
      [lookup.hero!.variants[0]!.src, '1x'], // 320 covers 200
      [lookup.hero!.variants[1]!.src, '2x'], // 640 covers 400
    ]);
    expect([attrs.width, attrs.height]).toEqual(['200', '113']);
    expect(attrs.loading).toBe('lazy');
  });
});

describe('useImage', () => {
  const Show = ({ name }: { name: string }) => <Picture image={useImage(name)} alt="" sizes="100vw" />;

  it('finds an image in the lookup the renderer provides', () => {
    const markup = renderToString(
      <ImagesContext.Provider value={lookup}>
        <Show name="club" />
      </ImagesContext.Provider>,
    );
    expect(img(markup).src).toBe(lookup.club!.variants.at(-1)!.src);
  });

  it('names the unknown image and the known ones', () => {
    const render = () =>
      renderToString(
        <ImagesContext.Provider value={lookup}>
          <Show name="hreo" />
        </ImagesContext.Provider>,
      );
    expect(render).toThrow(/useImage\("hreo"\): no processed image of that name\. Processed images: club, coach, hero/);
  });

  it('says when no lookup was provided at all', () => {
    expect(() => renderToString(<Show name="hero" />)).toThrow(/ImagesContext\.Provider/);
  });

  it('does not mistake object properties for images', () => {
    expect(() =>
      renderToString(
        <ImagesContext.Provider value={lookup}>
          <Show name="constructor" />
        </ImagesContext.Provider>,
      ),
    ).toThrow(/no processed image/);
  });
});

// What an image's <img> needs in a shape is worked out once per image object (issue 21): every
// other shape of it, and every other image, still gets its own.
describe('<Picture> shapes of one image, rendered in turn', () => {
  it('gives each shape its own files and sizes, however often and in whatever order they come', () => {
    const coach = lookup.coach!;
    const shapes = [
      () => <Picture image={coach} alt="" width={48} height={48} />,
      () => <Picture image={coach} alt="" sizes="100vw" />,
      () => <Picture image={coach} alt="" width={60} height={60} />,
      () => <Picture image={coach} alt="" sizes="(min-width: 40rem) 50vw, 100vw" />,
    ];
    const first = shapes.map((shape) => img(renderToString(shape())));
    expect(new Set(first.map((attrs) => JSON.stringify(attrs))).size).toBe(shapes.length);
    // 48 x 48 has files of its own, cropped; 60 x 60 none: CSS crops a breakpoint file.
    expect(first[2]!.style).toContain('object-fit:cover');
    expect(first[0]!.style).not.toContain('object-fit');
    expect(first[3]!.sizes).toBe('(min-width: 40rem) 50vw, 100vw');
    expect([...shapes].reverse().map((shape) => img(renderToString(shape())))).toEqual([...first].reverse());
  });

  it('an image object of the same name with another placeholder (a rebuild) shows its own', () => {
    const club = lookup.club!;
    const before = img(renderToString(<Picture image={club} alt="" sizes="100vw" />));
    const rebuilt = { ...club, placeholder: 'data:image/webp;base64,UklGRg==' };
    const after = img(renderToString(<Picture image={rebuilt} alt="" sizes="100vw" />));
    expect(after.style).toContain('UklGRg==');
    expect(before.style).not.toContain('UklGRg==');
  });
});
