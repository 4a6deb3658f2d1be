import type { Locale, SiteConfig } from '../config/schema.ts';
import { problem, type Problem } from '../errors/site-error.ts';
import type { ValidItem } from './collection-items.ts';
import { slugify } from './slug.ts';
import { itemSlug } from './address.ts';
import type { ByLocale, Localized, PageText, SiteModel } from './types.ts';
import type { ValidContent } from './validate.ts';
import type { PageData } from './schemas/markdown.ts';

const byLocale = <T, U>(item: Record<Locale, ValidItem<T>>, shape: (valid: ValidItem<T>) => U, html: (valid: ValidItem<T>) => string): ByLocale<U> => {
  const one = (valid: ValidItem<T>): Localized<U> => ({
    locale: valid.locale,
    data: shape(valid),
    html: html(valid),
    source: valid.file,
    fallback: valid.fallback,
  });
  const nl = one(item.nl);
  // A fallback shows the Dutch text: render it once and share it.
  return { nl, en: item.en.fallback ? { ...nl, locale: 'en', fallback: true } : one(item.en) };
};

const pageText = (renderMarkdown: (markdown: string) => string) => (valid: ValidItem<PageData>): PageText => ({
  ...valid.data,
  sections: valid.data.sections.map(({ body, ...section }) => ({ ...section, html: renderMarkdown(body) })),
  faq: valid.data.faq.map(({ question, answer }) => ({ question, html: renderMarkdown(answer) })),
});

/** The address part after the id (address.ts); one that is empty is a content error. */
function withSlug<T extends { id?: unknown; title: string; slug?: string | undefined }>(valid: ValidItem<T>, problems: Problem[]): T & { slug: string } {
  const slug = itemSlug(valid.data, valid.file);
  if (!slug) {
    problems.push(
      problem(
        'CONTENT_SCHEMA_MISMATCH',
        { field: 'title', collection: 'item', problem: `the title ${JSON.stringify(valid.data.title)} gives no letters or digits for the URL; add a \`slug\` field` },
        { location: { file: valid.file }, field: 'title' },
      ),
    );
  }
  return { ...valid.data, slug: slug || String((valid.data as { id?: unknown }).id ?? 'item') };
}

/**
 * Typed, cross-referenced model of the whole site. `renderMarkdown` turns Markdown into HTML
 * (the build passes a cached, parallel one).
 */
export function buildModel(
  config: SiteConfig,
  content: ValidContent,
  images: Map<string, string>,
  renderMarkdown: (markdown: string) => string,
): { model: SiteModel; problems: Problem[] } {
  const problems: Problem[] = [];
  const body = (valid: ValidItem<unknown>) => renderMarkdown(valid.body);
  const model: SiteModel = {
    config,
    strings: content.strings,
    clubs: content.clubs.map((club) => ({ ...club, slug: slugify(club.name) })),
    lessons: content.lessons,
    pages: new Map(content.pages.map((item) => [item.nl.key, byLocale(item, pageText(renderMarkdown), body)])),
    news: content.news
      .map((item) => byLocale(item, (valid) => withSlug(valid, problems), body))
      .sort((a, b) => b.nl.data.date.localeCompare(a.nl.data.date) || b.nl.data.id - a.nl.data.id),
    events: content.events
      .map((item) => byLocale(item, (valid) => withSlug(valid, problems), body))
      .sort((a, b) => a.nl.data.start.localeCompare(b.nl.data.start)),
    jobs: content.jobs.map((item) => byLocale(item, (valid) => withSlug(valid, problems), body)).sort((a, b) => a.nl.data.id - b.nl.data.id),
    images,
  };
  return { model, problems };
}
