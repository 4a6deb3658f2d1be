import { expect, test } from 'vitest';
import {
  attachBody,
  forWorkers,
  shareBodies,
  sharedTexts,
  withBodies,
  withHtml,
} from '../../cli/build/shared-bodies.ts';
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
  expect(sent.bodies.buffers.every((buffer) => buffer instanceof SharedArrayBuffer)).toBe(true);
  const received = withBodies(sent.copy, sent.bodies);
  expect(plain(received)).toBe(plain(model()));
  // The same text object under two languages stays one object on the other side.
  expect(received.news[0]!.nl).toBe(received.news[0]!.en);
  // What is not a body is what it was.
  expect(received.clubs).toEqual(original.clubs);
  expect(received.images.get('court')).toBe('images/court.jpg');
});

test('bodies written into shared memory as they are rendered: read from there, sent to the workers without a copy', () => {
  // As the model of a first build is made (cli/content/model.ts): texts without `html`, given one
  // that reads the body a worker wrote (two batches, two buffers); one body is not there yet.
  const batches = [sharedTexts(BODIES.slice(0, 2)), sharedTexts(BODIES.slice(2))];
  let there = false;
  const made = (at: number, locale: string) => {
    const made = { locale, data: { title: `t ${locale}` } } as Record<string, unknown>;
    const [batch, index] = at < 2 ? [0, at] : [1, at - 2];
    attachBody(
      made,
      () => (there || at !== 1 ? batches[batch]![index] : undefined),
      () => `here ${at}`,
    );
    return Object.assign(made, { source: 'x.md', fallback: false });
  };
  const nl = made(0, 'nl');
  const attached = {
    ...model(),
    news: [
      { nl, en: nl },
      { nl: made(1, 'nl'), en: made(2, 'en') },
    ],
  } as unknown as SiteModel;
  // Until its body is there, a text reads what it is given instead; a copy with another `html` does not read it.
  expect(attached.news[1]!.nl.html).toBe('here 1');
  expect(() => shareBodies(attached)).toThrow('a body shared before it was in shared memory');
  expect(withHtml(attached.news[1]!.nl, 'key').html).toBe('key');
  there = true;
  expect(plain(attached)).toBe(plain(model()));
  shareBodies(attached);
  // Only the bodies that were strings (the pages') were copied into a buffer of their own.
  const { model: copy, bodies } = forWorkers(attached);
  expect(bodies.buffers.slice(0, 2)).toEqual([batches[0]![0]!.buffer, batches[1]![0]!.buffer]);
  expect(bodies.buffers).toHaveLength(3);
  const sent = structuredClone({ copy, bodies });
  expect(plain(sent.copy)).not.toContain('gravel');
  expect(plain(withBodies(sent.copy, sent.bodies))).toBe(plain(model()));
});
