import { describe, expect, test } from 'vitest';
import { recordRead, recordReads, untracked } from '../../shared/model-reads.ts';

/** What a page's template reads of the model is recorded as it reads (issue 22, point 4). */
const model = () => ({
  config: { name: 'Baseline' },
  strings: { nl: {} },
  news: [{ id: 1 }, { id: 2 }, { id: 3 }],
  pages: new Map([
    ['home', { title: 'Thuis' }],
    ['socials', { title: 'Socials' }],
  ]),
  lessons: { regions: ['Utrecht'] },
});
type Model = ReturnType<typeof model>;

describe('recorded reads', () => {
  test.each<[string, (m: Model) => unknown, string[]]>([
    ['one position of a list', (m) => m.news[1], ['news[1]']],
    [
      'a slice: its length and the positions it visits',
      (m) => m.news.slice(0, 2),
      ['news.length', 'news[0]', 'news[1]'],
    ],
    [
      'a search stops where it finds',
      (m) => m.news.find((item) => item.id === 2),
      ['news.length', 'news[0]', 'news[1]'],
    ],
    ['one entry of a Map', (m) => m.pages.get('home'), ['pages:home']],
    ['a Map iterated: the whole of it', (m) => [...m.pages.values()], ['pages']],
    ['any other part: the whole of it', (m) => m.lessons.regions, ['lessons']],
    ['config and strings belong to every page: not recorded', (m) => [m.config.name, m.strings.nl], []],
    ['a lookup records the item it found', (m) => recordRead(m, 'news@3'), ['news@3']],
    ['the untracked model records nothing', (m) => untracked(m).news.map((item) => item.id), []],
  ])('%s', (_, read, expected) => {
    const recorded = recordReads(model());
    read(recorded.model);
    expect(recorded.reads()).toEqual(expected);
  });

  test("values read through the record are the model's own", () => {
    const original = model();
    const recorded = recordReads(original);
    expect(recorded.model.pages.get('socials')).toBe(original.pages.get('socials'));
    expect(recorded.model.news[2]).toBe(original.news[2]);
    expect(untracked(recorded.model)).toBe(original);
    expect(recorded.model.pages.size).toBe(2);
  });
});
