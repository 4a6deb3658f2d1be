import type { Collection } from '../content/classify.ts';

/** What a new item is made from: its id, title and the day, and names that exist in the project. */
export interface ArchetypeInput {
  id: number;
  title: string;
  /** The English title; the Dutch one until it is translated. */
  enTitle: string;
  /** YYYY-MM-DD. */
  today: string;
  /** An image of content/images and a club of clubs.yaml (if any), so the new files are valid as written. */
  image: string;
  club: number | undefined;
}

/** The front matter and body of a new item's Dutch and English files. */
export type Archetype = (input: ArchetypeInput) => { nl: string; en: string };

const quoted = (text: string) => JSON.stringify(text);
/** YYYY-MM-DD, `days` after `day`. */
const daysAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const file = (fields: string[], body: string) => `---\n${fields.join('\n')}\n---\n${body}\n`;

const DRAFT =
  'draft: true  # a draft is checked, shown by site dev and left out of site build: remove this line to publish';
const IMAGE = (image: string) => `image: ${image}  # a photo in content/images, without its extension`;

/**
 * Like Hugo's archetypes: every required field, filled so the files are valid as written, each
 * with a comment saying what it takes (docs/content.md has the whole list). The English file
 * sets only what it translates; everything else comes from the Dutch one.
 */
export const archetypes: Partial<Record<Collection, Archetype>> = {
  news: ({ id, title, enTitle, today, image }) => ({
    nl: file(
      [
        `id: ${id}`,
        `title: ${quoted(title)}`,
        `date: "${today}"  # publication date: a later date waits for its day`,
        IMAGE(image),
        'summary: "Eén of twee zinnen over het artikel, voor de lijsten en zoekmachines (ten hoogste 200 tekens)."',
        DRAFT,
      ],
      'Schrijf hier het artikel, in Markdown.',
    ),
    en: file(
      [
        `id: ${id}`,
        `title: ${quoted(enTitle)}  # the English title`,
        'summary: "One or two sentences about the article, for lists and search engines (200 characters at most)."',
      ],
      'Write the English article here, in Markdown.',
    ),
  }),
  events: ({ id, title, enTitle, today, image, club }) => ({
    nl: file(
      [
        `id: ${id}`,
        `title: ${quoted(title)}`,
        'summary: "Eén of twee zinnen over het evenement (ten hoogste 200 tekens)."',
        IMAGE(image),
        `start: "${daysAfter(today, 28)}T10:00"  # local Dutch time`,
        `end: "${daysAfter(today, 28)}T12:00"`,
        club === undefined
          ? 'location: { address: "Straat 1, Plaats" }  # or { club: <a club id of content/data/clubs.yaml> }'
          : `location: { club: ${club} }  # a club id of content/data/clubs.yaml, or { address: "Straat 1, Plaats" }`,
        'audience: "Iedereen"',
        'price: 0  # euros; 0 is free',
        'capacity: 20  # places; later sign-ups go on the waiting list',
        `deadline: "${daysAfter(today, 21)}T23:59"  # the last moment to sign up, not after the start`,
        DRAFT,
      ],
      'Schrijf hier over het evenement, in Markdown.',
    ),
    en: file(
      [
        `id: ${id}`,
        `title: ${quoted(enTitle)}  # the English title`,
        'summary: "One or two sentences about the event (200 characters at most)."',
        'audience: "Everyone"',
      ],
      'Write about the event in English here, in Markdown.',
    ),
  }),
  jobs: ({ id, title, enTitle }) => ({
    nl: file(
      [
        `id: ${id}`,
        `title: ${quoted(title)}`,
        'kind: vacancy  # or call, for the open call for trainers',
        'location: "Utrecht"',
        'hours: "8 uur per week"',
        'summary: "Eén of twee zinnen over de vacature."',
        'licence: false  # true when a KNLTB trainer licence is required',
        DRAFT,
      ],
      'Schrijf hier de vacature, in Markdown.',
    ),
    en: file(
      [
        `id: ${id}`,
        `title: ${quoted(enTitle)}  # the English title`,
        'hours: "8 hours a week"',
        'summary: "One or two sentences about the vacancy."',
      ],
      'Write the English vacancy here, in Markdown.',
    ),
  }),
};
