import { describe, expect, test } from 'vitest';
import { usedImages, type ImageSources, type PageByLocale } from '../../cli/build/used-images.ts';

// A page in both languages, one only in Dutch; a club, an article, an event.
const about: PageByLocale = {
  nl: { data: { hero: { image: 'team' }, sections: [{ image: 'court' }, {}] } },
  en: { data: { hero: { image: 'team-en' }, sections: [] } },
};
const camps: PageByLocale = { nl: { data: { hero: { image: 'camp' }, sections: [{ image: 'court' }] } } };
const rest = {
  clubs: [{ image: 'clubhouse' }],
  news: [{ nl: { data: { image: 'news' } } }],
  events: [{ en: { data: { image: 'event' } } }],
};
const expected = ['camp', 'clubhouse', 'court', 'event', 'news', 'team', 'team-en'];

describe('usedImages', () => {
  test.each<[string, ImageSources['pages']]>([
    ['the validated content (a list of pages)', [about, camps]],
    [
      'the model (pages in a Map by key)',
      new Map([
        ['about', about],
        ['camps', camps],
      ]),
    ],
  ])('reads %s: every hero, section, club, article and event image, once', (_, pages) => {
    expect([...usedImages({ ...rest, pages })].sort()).toEqual(expected);
  });
});
