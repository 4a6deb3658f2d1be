/**
 * Titles of many kinds for the card text tests: long Dutch compounds, accents, quotes, numbers,
 * dashes, a word wider than a line, and long titles that reach the 4-line clamp. Made from a seed,
 * the same every run.
 */
const WORDS = [
  'Voorjaarslessen',
  'tennisverenigingsbestuursvergadering',
  'jeugdkampioenschappen',
  'Sánchez-Vicario',
  'België',
  'café-avond',
  'crème',
  'brûlée',
  "'t",
  'Dé',
  '“finale”',
  '‘enkel’',
  '"dubbel"',
  "club's",
  '7-6',
  '(7-5)',
  '€45.000',
  '20:00',
  '4½',
  '—',
  '–',
  'wint!',
  'waarom?',
  'en',
  'de',
  'het',
  'van',
  'op',
  'in',
  'a',
  'the',
  'juniors',
  'Wimbledon-finale',
  'gravelbanen',
  'zomerkampen',
  'inschrijven',
  'Ledenvergadering',
  'Knokke-Heist',
  'Ångström',
  'naïef',
  'coöperatie',
  'über',
  'façade',
  'jeu',
  'j',
  'Jj',
  'fijn',
  'AVATAR',
  'WAVE',
  'Tennis',
  'T.',
  'V.',
  'LTC',
  '2026',
  '1',
  '100%',
  '#1',
];

/** A word far wider than a line, broken nowhere (satori breaks no word). */
export const TOO_LONG = 'Supercalifragilisticexpialidociouslyonbreekbaarwoorddatnietoplijnpast';

export function cardTitles(count: number): string[] {
  let seed = 21;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const titles = [TOO_LONG, 'A', 'Voorjaarslessen'];
  while (titles.length < count) {
    // Mostly 2-12 words; one in five long enough for the clamp.
    const length = next() < 0.2 ? 20 + Math.floor(next() * 25) : 1 + Math.floor(next() * 12);
    titles.push(Array.from({ length }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' '));
  }
  return titles;
}
