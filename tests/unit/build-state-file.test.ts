import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readBuildState, STATE_FILE, type BuildState } from '../../cli/build/build-state.ts';
import { parseState, stateChunks } from '../../cli/build/build-state-file.ts';
import { cardImage } from '../../templates/lib/share-card.ts';

/**
 * build-state.json: the state on one line of JSON, then a line a card whose rest (what it shows)
 * is parsed only when asked for and written again as it was read. A state cut short, mangled or of
 * another version is no state (every page is rendered); the previous version is read as it was.
 */
const site = {
  name: 'Club',
  host: 'www.club.nl',
  colors: { dark: '#000', light: '#fff', accent: '#f00', muted: '#888' },
};
const state: Omit<BuildState, 'version'> = {
  digest: 'digest',
  pages: { 'home|nl': 'print-home', 'news:1|nl': 'print-news' },
  reads: { 'home|nl': ['news.length'], 'news:1|nl': [] },
  warnings: [],
  scriptHashes: { 'home|nl': ['sha256-x'] },
  cards: {
    'home|nl': cardImage({ locale: 'nl', title: 'Thuis', site }, '/', 'v1'),
    'news:1|nl': cardImage(
      {
        locale: 'nl',
        title: 'Een "titel"\tmet tab',
        label: 'Nieuws',
        detail: '1 mei',
        site,
        photo: { name: 'baan', version: '/images/baan.320.webp' },
      },
      '/nieuws/1-een-titel',
      'v1',
    ),
  },
};
const stateText = (written: Omit<BuildState, 'version'>) => Buffer.concat(stateChunks(written)).toString();
const read = (text: string) => parseState(Buffer.from(text));
const plain = (cards: BuildState['cards']) =>
  Object.entries(cards).map(([page, { src, key, width, height, alt, request }]) => [
    page,
    { src, key, width, height, alt, request },
  ]);

let dir: string | undefined;
afterAll(() => dir && rm(dir, { recursive: true, force: true }));
const stateFile = async (text: string) => {
  dir ??= await mkdtemp(join(tmpdir(), 'build-state-file-'));
  await writeFile(join(dir, STATE_FILE), text);
  return readBuildState(dir);
};

describe('build-state.json', () => {
  const text = stateText(state);

  it('gives back every record and card, and writes a card it read as the same line', () => {
    const last = read(text)!;
    expect(last).toMatchObject({ ...state, version: 6, cards: expect.any(Object) });
    expect(plain(last.cards)).toEqual(plain(state.cards));
    expect(stateText(last)).toBe(text);
    // Cards of the last build around one rendered now, and in another order.
    const rendered = cardImage({ locale: 'nl', title: 'Nieuw', site }, '/nieuw', 'v1');
    const { 'home|nl': home, 'news:1|nl': news } = last.cards;
    const mixed = { ...last, cards: { 'news:1|nl': news!, 'new|nl': rendered, 'home|nl': home! } };
    expect(plain(read(stateText(mixed))!.cards)).toEqual(
      plain({ 'news:1|nl': state.cards['news:1|nl']!, 'new|nl': rendered, 'home|nl': state.cards['home|nl']! }),
    );
  });

  it('keeps the site’s name and colours and each card’s text out of the state’s JSON line', () => {
    const [head] = text.split('\n');
    expect(head).not.toContain('www.club.nl');
    expect(JSON.parse(head!).cards).toEqual(['home|nl', 'news:1|nl']);
  });

  it('reads a state of the previous version (one JSON object) as it was', async () => {
    const previous = JSON.stringify({ version: 5, ...state });
    expect(plain((await stateFile(previous))!.cards)).toEqual(plain(state.cards));
    expect((await stateFile(previous))!.pages).toEqual(state.pages);
  });

  it('is no state when cut short, mangled or of another version', async () => {
    const lines = text.split('\n');
    for (const cut of [
      text.slice(0, -1),
      text.slice(0, -20),
      `${lines.slice(0, 2).join('\n')}\n`,
      lines[0]!,
      text.slice(0, 30),
    ])
      expect(await stateFile(cut), JSON.stringify(cut.slice(-30))).toBeUndefined();
    expect(await stateFile(text.replace('\t{', '{'))).toBeUndefined();
    expect(await stateFile(text.replace('"version":6', '"version":7'))).toBeUndefined();
    expect(await stateFile(JSON.stringify({ version: 4, ...state }))).toBeUndefined();
    expect(await stateFile('')).toBeUndefined();
  });
});
