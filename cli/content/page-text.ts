import type { PageData } from './schemas/markdown.ts';

export interface Section {
  id: string;
  title: string;
  html: string;
  image?: string;
  cta?: { label: string; route: string } | { label: string; href: string };
}

/** A page of text as templates read it: its sections' bodies and its answers as HTML. */
export type PageText = Omit<PageData, 'sections' | 'faq'> & {
  sections: Section[];
  faq: Array<{ question: string; html: string }>;
};

/** The Markdown fields of a page's front matter (sections' bodies, answers) rendered with `markdown`. */
export const pageText = (data: PageData, markdown: (text: string) => string): PageText => ({
  ...data,
  sections: data.sections.map(({ body, ...section }) => ({ ...section, html: markdown(body) })),
  faq: data.faq.map(({ question, answer }) => ({ question, html: markdown(answer) })),
});
