/**
 * Stems in the site search (shared/search-stem.ts, shared/search-query.ts): the forms of a word
 * find each other in its language's index, search as you type still finds what a word begins,
 * and a language's stemmer is used on its own pages only.
 */
import { describe, expect, test } from 'vitest';
import { excerpt, rankPages, shardsOf } from '../../shared/search-query.ts';
import { dutchStem, type Stem, stemmerOf, unstemmed } from '../../shared/search-stem.ts';
import type { SearchShard } from '../../shared/search-words.ts';

const english = await stemmerOf('en');

describe('Dutch stems', () => {
  test.each([
    // plurals -en, -s; a doubled consonant made single; a long vowel made short
    ['kampen', 'kamp'],
    ['lessen', 'les'],
    ['tennissen', 'tennis'],
    ['clubs', 'club'],
    ['competities', 'competitie'],
    ['rondes', 'rond'],
    ['gravelbanen', 'gravelban'],
    ['gravelbaan', 'gravelban'],
    ['jaren', 'jar'],
    ['toernooien', 'toernooi'],
    ['ideeen', 'idee'],
    ['mogelijkheden', 'mogelijkheid'],
    // diminutives
    ['lesje', 'les'],
    ['lesjes', 'les'],
    ['baantje', 'ban'],
    ['toernooitje', 'toernooi'],
    ['balletje', 'bal'],
    ['potje', 'pot'],
    // -e of adjectives and infinitives' stems
    ['grote', 'grot'],
    ['groot', 'grot'],
    ['spelen', 'spel'],
    ['speel', 'spel'],
  ])('%j is %j', (word, stem) => expect(dutchStem(word)).toBe(stem));

  test.each([
    // words an ending-like end belongs to
    ['tennis', 'tennis'],
    ['kampioen', 'kampioen'],
    ['fitness', 'fitness'],
    ['prijs', 'prijs'],
    ['open', 'open'],
    // a half-typed word keeps its doubled letter: "tenn" is not "ten"
    ['tenn', 'tenn'],
    // short words, numbers and letters beyond a-z as they are
    ['les', 'les'],
    ['2024', '2024'],
    ['ørsted', 'ørsted'],
  ])('%j stays %j', (word, stem) => expect(dutchStem(word)).toBe(stem));

  test.each([
    ['kamp', 'kampioen'],
    ['spel', 'speler'],
    ['kaart', 'kaartje'], // the known miss: read as "kaar" + "tje"
    ['lid', 'leden'], // irregular plurals are not known
    ['nieuw', 'nieuwe-nieuwer'],
  ])('%j and %j are not one word', (one, other) => expect(dutchStem(one)).not.toBe(dutchStem(other)));
});

describe('English stems (Porter)', () => {
  test.each([
    ['lessons', 'lesson'],
    ['clubs', 'club'],
    ['courts', 'court'],
    ['matches', 'match'],
    ['playing', 'play'],
    ['played', 'play'],
    ['tournaments', 'tournament'],
  ])('%j is stemmed as %j', (word, base) => expect(english(word)).toBe(english(base)));

  test.each([
    ['court', 'courtesy'],
    ['lesson', 'less'],
    ['player', 'play'],
  ])('%j and %j are not one word', (one, other) => expect(english(one)).not.toBe(english(other)));

  test('a language without a stemmer has none', async () => {
    expect(await stemmerOf('fr')).toBe(unstemmed);
    expect(await stemmerOf('nl')).toBe(dutchStem);
  });
});

/** A small index of one language: each page's words, as the build makes its shards. */
function index(pages: readonly string[]): {
  shards: Map<string, SearchShard>;
  search: (query: string, stem: Stem) => number[];
} {
  const shards = new Map<string, SearchShard>();
  pages.forEach((text, page) => {
    const counts = new Map<string, number>();
    for (const word of text.split(' ')) counts.set(word, (counts.get(word) ?? 0) + 1);
    for (const [word, count] of counts) {
      const prefix = word.slice(0, 2);
      const shard = shards.get(prefix) ?? {};
      shards.set(prefix, shard);
      (shard[word] ??= []).push(page, 0, count);
    }
  });
  const search = (query: string, stem: Stem) => {
    const asked = query.split(' ');
    const names = [...shards.keys()];
    return rankPages(
      asked,
      asked.map((word) => shardsOf(word, names).map((name) => shards.get(name)!)),
      stem,
    );
  };
  return { shards, search };
}

describe('a query finds the forms of its words', () => {
  const dutch = index([
    'zomerkamp kamp jeugd',
    'lessen tennis',
    'les padel',
    'gravelbanen tennisbaan',
    'kampioen tennis',
  ]);
  const englishPages = index(['summer camp lesson', 'lessons tennis', 'club courts', 'playing tennis', 'spel kamp']);

  test.each([
    ['kampen', [0]], // "kamp", not "kampioen" (a word "kampen" begins is not there)
    ['lessen', [1, 2]],
    ['les', [1, 2]],
    ['gravelbaan', [3]],
    ['gravel', [3]], // a word finds its compounds, as before
    ['tenn', [1, 3, 4]], // search as you type: "tennis", "tennisbaan"
    ['kamp', [0, 4]],
    ['lessons', []], // no English stemmer on Dutch pages: "lesson" is not Dutch "les"
    ['lessen tennis', [1]],
  ])('Dutch: %j finds pages %j', (query, pages) => expect(dutch.search(query, dutchStem)).toEqual(pages));

  test.each([
    ['lessons', [0, 1]],
    ['lesson', [0, 1]],
    ['clubs', [2]],
    ['court', [2]],
    ['plays', [3]],
    ['tenn', [1, 3]],
    ['kampen', []], // no Dutch stemmer on English pages
    ['spelen', []],
  ])('English: %j finds pages %j', (query, pages) => expect(englishPages.search(query, english)).toEqual(pages));

  test('without stems, the same queries find only what they begin', () => {
    expect(dutch.search('kampen', unstemmed)).toEqual([]);
    expect(englishPages.search('lessons', unstemmed)).toEqual([1]);
  });

  test('the excerpt marks the words found by their stem', () => {
    expect(excerpt('Twee lessen en een les', ['les'], dutchStem)).toBe(
      'Twee <mark>lessen</mark> en een <mark>les</mark>',
    );
    expect(excerpt('Een kamp, geen kampioen', ['kampen'], dutchStem)).toBe('Een <mark>kamp</mark>, geen kampioen');
    expect(excerpt('One lesson, two lessons', ['lessons'], english)).toBe(
      'One <mark>lesson</mark>, two <mark>lessons</mark>',
    );
  });
});
