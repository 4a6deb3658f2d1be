#!/usr/bin/env node
// gen-articles.mjs N OUT_DIR — N Markdown sources as an editor writes them: N/2 Dutch news
// articles and their N/2 English translations, each body with headings, a list, a numbered
// list, a table, a blockquote, emphasis, links to other articles and to the site's pages, and
// an external link. Deterministic (fixed-seed PRNG): the same N always gives the same files.
// One flat folder of N files, so Hugo and Eleventy (../shared/bench/peers.sh) build exactly these
// files; bench/make-scale-site.mjs turns the same files into the site's news articles.
// Front matter: title, date, slug (unique over all N: the peers' URL), lang, id, image, summary.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const n = Number.parseInt(process.argv[2] ?? '', 10);
const out = process.argv[3];
if (!Number.isInteger(n) || n < 2 || n % 2 || !out) {
  console.error('usage: node bench/gen-articles.mjs N OUT_DIR   (N even: N/2 Dutch articles, N/2 translations)');
  process.exit(2);
}

let seed = 0x7e1115;
function rand() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (list) => list[Math.floor(rand() * list.length)];
const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
const cap = (s) => s[0].toUpperCase() + s.slice(1);

const LANGUAGES = {
  nl: {
    words: (
      'de het een en van op in met voor bij naar de club de baan de trainer de les het toernooi de jeugd ' +
      'de competitie het seizoen de wedstrijd de spelers de groep het gravel de hal de zomer de winter ' +
      'speelt wint traint begint organiseert verliest plant opent sluit meldt zoekt verwelkomt ' +
      'nieuwe mooie sterke snelle jonge vaste eerste laatste gezellige drukke zaterdag zondag ' +
      'leden ouders vrijwilligers kampioenen dubbel enkel service volley forehand backhand'
    ).split(' '),
    headings: ['Wat verandert er?', 'Wanneer en waar', 'De uitslagen', 'Hoe schrijf je je in?', 'Wat kost het?'],
    columns: ['Ronde', 'Datum', 'Plaats'],
    places: ['Utrecht', 'Woerden', 'Eindhoven', 'Breukelen', 'Oisterwijk', 'Ede'],
    quote: 'zegt de hoofdtrainer',
    more: 'Lees ook',
    pages: ['/kampen', '/contact', '/verenigingen', '/evenementen', '/lesregels', '/junior-academy'],
    article: (id, slug) => `/nieuws/${id}-${slug}`,
    external: 'Meer over de regels op [de site van de KNLTB](https://www.knltb.nl/tennis/spelregels/).',
  },
  en: {
    words: (
      'the a and of on in with for at to the club the court the coach the lesson the tournament the juniors ' +
      'the league the season the match the players the group the clay the hall the summer the winter ' +
      'plays wins trains starts organises loses plans opens closes reports seeks welcomes ' +
      'new fine strong fast young regular first last friendly busy Saturday Sunday ' +
      'members parents volunteers champions doubles singles serve volley forehand backhand'
    ).split(' '),
    headings: ['What changes?', 'When and where', 'The results', 'How to sign up', 'What does it cost?'],
    columns: ['Round', 'Date', 'Venue'],
    places: ['Utrecht', 'Woerden', 'Eindhoven', 'Breukelen', 'Oisterwijk', 'Ede'],
    quote: 'says the head coach',
    more: 'Read also',
    pages: ['/en/camps', '/en/contact', '/en/clubs', '/en/events', '/en/lesson-rules', '/en/junior-academy'],
    article: (id, slug) => `/en/news/${id}-${slug}`,
    external: "More on the rules on [the KNLTB's site](https://www.knltb.nl/tennis/spelregels/).",
  },
};

const pairs = n / 2;
const images = Number.parseInt(process.env.IMAGES ?? '30', 10);
// Titles first: the bodies link to other articles by their address.
const heads = Array.from({ length: pairs }, (_, index) => {
  const id = 1000 + index;
  const day = new Date(Date.UTC(2024, 0, 1) + int(0, 700) * 86400000).toISOString().slice(0, 10);
  const titles = Object.fromEntries(
    Object.entries(LANGUAGES).map(([lang, { words }]) => {
      const title = cap(Array.from({ length: int(4, 7) }, () => pick(words)).join(' '));
      const slug = title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      return [lang, { title, slug }];
    }),
  );
  return { id, day, image: index % images, titles };
});

function sentence(words, links = '') {
  const text = Array.from({ length: int(7, 16) }, () => pick(words)).join(' ');
  const mid = text.split(' ');
  const at = int(1, mid.length - 1);
  const marked = rand() < 0.5 ? `**${mid[at]}**` : `_${mid[at]}_`;
  return `${cap([...mid.slice(0, at), marked, ...mid.slice(at + 1)].join(' '))}${links}.`;
}
const paragraph = (words, k = int(3, 5)) => Array.from({ length: k }, () => sentence(words)).join(' ');

function body(lang, head) {
  const l = LANGUAGES[lang];
  const other = () => heads[int(0, pairs - 1)];
  const link = (h) => `[${h.titles[lang].title}](${l.article(h.id, h.titles[lang].slug)})`;
  const page = pick(l.pages);
  const rows = Array.from(
    { length: int(3, 5) },
    (_, r) => `| ${r + 1} | ${head.day.slice(0, 8)}${String(int(10, 28))} | ${pick(l.places)} |`,
  );
  return [
    paragraph(l.words),
    `${sentence(l.words)} ${cap(pick(l.words))} [${pick(l.words)} ${pick(l.words)}](${page}), ${pick(l.words)} ${link(other())}.`,
    `## ${pick(l.headings)}`,
    paragraph(l.words),
    Array.from(
      { length: int(3, 6) },
      () => `- ${cap(Array.from({ length: int(3, 8) }, () => pick(l.words)).join(' '))}`,
    ).join('\n'),
    `## ${pick(l.headings)}`,
    [`| ${l.columns.join(' | ')} |`, '| ---: | --- | --- |', ...rows].join('\n'),
    `> ${sentence(l.words)} ${sentence(l.words)}\n>\n> — ${l.quote}`,
    `### ${pick(l.headings)}`,
    Array.from({ length: int(2, 4) }, (_, i) => `${i + 1}. ${sentence(l.words)}`).join('\n'),
    paragraph(l.words),
    l.external,
    `${l.more}: ${link(other())} ${lang === 'nl' ? 'en' : 'and'} ${link(other())}.`,
  ].join('\n\n');
}

mkdirSync(out, { recursive: true });
for (const file of readdirSync(out)) if (file.endsWith('.md')) rmSync(join(out, file));
for (const head of heads) {
  for (const lang of Object.keys(LANGUAGES)) {
    const { title, slug } = head.titles[lang];
    const text = body(lang, head);
    const summary = text.split('\n')[0].replace(/[*_]/g, '').slice(0, 180).replace(/"/g, "'");
    const front = [
      `title: "${title}"`,
      `date: ${head.day}`,
      `slug: ${lang}-${head.id}-${slug}`,
      `lang: ${lang}`,
      `id: ${head.id}`,
      `image: ${head.image}`,
      `summary: "${summary}"`,
    ];
    writeFileSync(join(out, `${lang}-${head.id}-${slug}.md`), `---\n${front.join('\n')}\n---\n\n${text}\n`);
  }
}
console.log(`wrote ${n} Markdown sources (${pairs} Dutch articles and their English translations) to ${out}`);
