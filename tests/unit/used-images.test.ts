import { expect, test } from 'vitest';
import { usedImages, type PageByLocale } from '../../cli/build/used-images.ts';

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

test('usedImages reads every hero, section, club, article and event image of the validated content, once', () => {
  expect([...usedImages({ ...rest, pages: [about, camps] })].sort()).toEqual(expected);
});
