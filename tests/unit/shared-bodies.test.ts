import { expect, test } from 'vitest';
import { forWorkers, shareBodies, withBodies } from '../../cli/build/shared-bodies.ts';
import type { SiteModel } from '../../cli/content/types.ts';

/** Bodies of every kind of text a body can hold: Latin-1 only, wider characters, a lone surrogate, none. */
const BODIES = [
  '<p>Tennis op <em>gravel</em>: café, één baan.</p>',
  '<p>Smash — “ace” 🎾 €5</p>',
  '<p>\ud800 half</p>',
  '',
];

const text = (html: string, locale: string) => ({
  locale,
  data: { title: `t ${locale}` },
  html,
  source: 'x.md',
  fallback: false,
});

/** A model as the build makes it: items in arrays, pages of text in a Map, each by language. */
function model() {
  const shared = text(BODIES[0]!, 'nl');
  return {
    config: { url: 'https://example.org' },
    strings: { nl: { a: 'b' } },
    images: new Map([['court', 'images/court.jpg']]),
    clubs: [{ slug: 'a', name: 'Club' }],
    news: [
      { nl: shared, en: shared },
      { nl: text(BODIES[1]!, 'nl'), en: text(BODIES[2]!, 'en') },
    ],
    pages: new Map([['home', { nl: text(BODIES[3]!, 'nl'), en: text(BODIES[1]!, 'en') }]]),
  } as unknown as SiteModel;
}

const plain = (value: unknown) => JSON.stringify(value, (_, item: unknown) => (item instanceof Map ? [...item] : item));

test('a model whose bodies are shared reads the same bodies, and the same as a whole (page prints hash it)', () => {
  const before = plain(model());
  const shared = model();
  shareBodies(shared);
  expect(Object.getOwnPropertyDescriptor(shared.news[1]!.nl, 'html')?.get).toBeTypeOf('function');
  expect(shared.news.flatMap((item) => [item.nl.html, item.en.html])).toEqual([
    BODIES[0],
    BODIES[0],
    BODIES[1],
    BODIES[2],
  ]);
  expect(shared.pages.get('home')!.en.html).toBe(BODIES[1]);
  expect(plain(shared)).toBe(before);
});

test('the copy for the workers carries no body, and the worker reads every one from the shared buffer', () => {
  const original = model();
  const { model: copy, bodies } = forWorkers(original);
  const sent = structuredClone({ copy, bodies });
  // Only places in the buffer travel: no body's text is in the message.
  expect(plain(sent.copy)).not.toContain('gravel');
  expect(sent.bodies.buffer).toBeInstanceOf(SharedArrayBuffer);
  const received = withBodies(sent.copy, sent.bodies);
  expect(plain(received)).toBe(plain(model()));
  // The same text object under two languages stays one object on the other side.
  expect(received.news[0]!.nl).toBe(received.news[0]!.en);
  // What is not a body is what it was.
  expect(received.clubs).toEqual(original.clubs);
  expect(received.images.get('court')).toBe('images/court.jpg');
});
