/**
 * The site search's words and queries (shared/search-words.ts, shared/search-query.ts), the same in
 * the build and the browser: normalised words, prefix matching, every word on a page, ranking,
 * the excerpt with its marks, and queries that try to break out of the text.
 */
import { describe, expect, test } from 'vitest';
import { excerpt, MOST_QUERY_CHARACTERS, queryWords, rankPages, shardsOf } from '../../shared/search-query.ts';
import { unstemmed } from '../../shared/search-stem.ts';
import { normalise, shardName, words, type SearchShard } from '../../shared/search-words.ts';

describe('words', () => {
  test.each([
    ['Café', ['cafe']],
    ['Financiële ÜBER naïef', ['financiele', 'uber', 'naief']],
    ['e-mail, 31 maart; tennis/padel', ['e', 'mail', '31', 'maart', 'tennis', 'padel']],
    ["het's <b>vet</b>", ['het', 's', 'b', 'vet', 'b']],
    ['Œuvre straße Ørsted', ['œuvre', 'straße', 'ørsted']],
    ['  ...  ', []],
    ['e\u0301e\u0308', ['ee']], // already decomposed: one word, its marks gone
  ])('%j gives %j', (text, expected) => {
    expect(words(text)).toEqual(expected);
  });

  test.each([
    ['É', 'e'],
    ['Ë', 'e'],
    ['ñ', 'n'],
  ])('normalise(%j) = %j', (word, expected) => expect(normalise(word)).toBe(expected));

  test.each([
    ['te', 'te'],
    ['3', '3'],
    ['ø', '_f8'],
    ['aß', 'a_df'],
  ])('the shard of prefix %j is the file %j', (prefix, name) => expect(shardName(prefix)).toBe(name));
});

describe('queries', () => {
  test.each([
    ['Tennis  Baan tennis', ['tennis', 'baan']],
    ['<img src=x onerror=alert(1)>', ['img', 'src', 'x', 'onerror', 'alert', '1']],
    ['.*(', []],
    ['\\', []],
    ['(a|b)+$', ['a', 'b']],
  ])('%j looks for %j', (query, expected) => expect(queryWords(query)).toEqual(expected));

  test('a very long query is cut', () => {
    const query = `${'a'.repeat(MOST_QUERY_CHARACTERS - 1)} tennis`;
    expect(queryWords(query)).toEqual(['a'.repeat(MOST_QUERY_CHARACTERS - 1)]);
    expect(queryWords(Array.from({ length: 50 }, (_, at) => `w${at}`).join(' '))).toHaveLength(10);
  });

  test.each([
    ['tennis', ['ta', 'te', 't'], ['te']],
    ['te', ['ta', 'te'], ['te']],
    ['t', ['ta', 't', 'te', 'xt'], ['ta', 't', 'te']],
    ['zz', ['ta'], []],
  ])('word %j is looked for in shards %j of %j', (word, shards, expected) =>
    expect(shardsOf(word, shards)).toEqual(expected),
  );
});

describe('ranking', () => {
  // Pages 0-3; [page, title count, body count] for each term.
  const shard: SearchShard = {
    tennis: [0, 0, 5, 1, 1, 0, 2, 0, 1, 3, 0, 1],
    tennisbaan: [2, 0, 1],
    baan: [0, 0, 1, 2, 0, 2],
    padel: [3, 1, 1],
  };
  const rank = (query: string[]) =>
    rankPages(
      query,
      query.map(() => [shard]),
      unstemmed,
    );

  test.each([
    // A title match ranks above any number of body matches; then more occurrences; then index order.
    [['tennis'], [1, 0, 2, 3]],
    // "tennisbaan" begins with "tennis": page 2 counts both (1 + 1) and passes page 3 (1).
    [['tenn'], [1, 0, 2, 3]],
    [['tennisb'], [2]],
    // Both words on the page: pages 0 and 2 only; page 2 has more.
    [
      ['tennis', 'baan'],
      [0, 2],
    ],
    [['padel', 'tennis'], [3]],
    [['padel', 'baan'], []],
    [['squash'], []],
    [[], []],
  ])('%j finds pages %j, best first', (query, expected) => expect(rank(query)).toEqual(expected));
});

describe('excerpts', () => {
  const text = Array.from({ length: 60 }, (_, at) => `w${at}`).join(' ');

  test('about 28 words around the first match, the words found marked', () => {
    const shown = excerpt(text, ['w30'], unstemmed);
    expect(shown.startsWith('w22 ')).toBe(true);
    expect(shown.split(' ')).toHaveLength(28);
    expect(shown).toContain('<mark>w30</mark>');
  });

  test.each([
    ['the beginning when no word matches', text, ['zz'], /^w0 w1 /],
    ['the end of the text when the match is near it', text, ['w59'], /<mark>w59<\/mark>$/],
    [
      'prefixes marked, whole words',
      'De Tennisbaan en tennis',
      ['tennis'],
      /^De <mark>Tennisbaan<\/mark> en <mark>tennis<\/mark>$/,
    ],
    ['diacritics matched as the index reads them', 'Een financiële zaak', ['financ'], /<mark>financiële<\/mark>/],
  ])('%s', (_, page, query, expected) => expect(excerpt(page, query, unstemmed)).toMatch(expected));

  test.each([
    ['<script>alert(1)</script> tennis', '&lt;script&gt;alert(1)&lt;/script&gt; <mark>tennis</mark>'],
    ['a & b "quoted" \'single\' <mark>', 'a &amp; b &quot;quoted&quot; &#39;single&#39; &lt;<mark>mark</mark>&gt;'],
    ['<<< >>>', '&lt;&lt;&lt; &gt;&gt;&gt;'],
  ])('page text %j is escaped', (page, expected) => {
    expect(excerpt(page, ['tennis', 'mark'], unstemmed)).toBe(expected);
  });
});
