import type { SiteConfig } from '../config/schema.ts';
import { problem, type Problem } from '../errors/site-error.ts';
import type { Club, Lessons } from './schemas/data.ts';
import type { EventData, PageData } from './schemas/markdown.ts';
import type { ValidItem } from './collection-items.ts';
import type { Locale } from '../config/schema.ts';
import type { YamlSource } from '../source/yaml-source.ts';

type Items<T> = Array<Record<Locale, ValidItem<T>>>;

const listOf = (values: Iterable<string>, max = 12) => {
  const all = [...values];
  return all.length > max ? `${all.slice(0, max).join(', ')}, ... (${all.length} in all)` : all.join(', ');
};

/** References between files: images, clubs, regions, routes. Every dangling one is a problem. */
export function checkReferences(input: {
  config: SiteConfig;
  images: Map<string, string>;
  clubs: { items: Club[]; source: YamlSource } | undefined;
  lessons: Lessons | undefined;
  pages: Items<PageData>;
  news: Items<{ image: string }>;
  events: Items<EventData>;
  lineOf: (file: string, path: ReadonlyArray<PropertyKey>) => number | undefined;
}): Problem[] {
  const problems: Problem[] = [];
  const at = (file: string, path: ReadonlyArray<PropertyKey>) => ({ file, line: input.lineOf(file, path) ?? 1 });
  const fieldName = (path: ReadonlyArray<PropertyKey>) => path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`)).join('').replace(/^\./, '');

  const image = (file: string, path: ReadonlyArray<PropertyKey>, name: string | undefined) => {
    if (name === undefined || input.images.has(name)) return;
    const field = fieldName(path);
    problems.push(problem('IMAGE_NOT_FOUND', { field, name, known: listOf(input.images.keys(), 8) }, { location: at(file, path), field }));
  };
  const unknown = (file: string, path: ReadonlyArray<PropertyKey>, kind: string, value: string | number, known: Iterable<string>) => {
    const field = fieldName(path);
    problems.push(problem('CONTENT_UNKNOWN_REFERENCE', { field, kind, value: String(value), known: listOf(known) }, { location: at(file, path), field }));
  };

  const clubIds = new Set(input.clubs?.items.map((club) => String(club.id)));
  const regionIds = new Set(input.lessons?.regions.map((region) => region.id));
  input.clubs?.items.forEach((club, index) => {
    image(input.clubs!.source.file, [index, 'image'], club.image);
    if (input.lessons && !regionIds.has(club.region)) unknown(input.clubs!.source.file, [index, 'region'], 'region', club.region, regionIds);
  });

  for (const item of input.pages) {
    for (const locale of ['nl', 'en'] as const) {
      const page = item[locale];
      if (page.fallback) continue;
      image(page.file, ['hero', 'image'], page.data.hero.image);
      page.data.sections.forEach((section, index) => {
        image(page.file, ['sections', index, 'image'], section.image);
        if (section.cta && 'route' in section.cta && !(section.cta.route in input.config.routes)) {
          unknown(page.file, ['sections', index, 'cta', 'route'], 'route', section.cta.route, Object.keys(input.config.routes));
        }
      });
    }
  }
  for (const item of input.news) image(item.nl.file, ['image'], item.nl.data.image);
  for (const item of input.events) {
    image(item.nl.file, ['image'], item.nl.data.image);
    const location = item.nl.data.location;
    if ('club' in location && input.clubs && !clubIds.has(String(location.club))) {
      unknown(item.nl.file, ['location', 'club'], 'club with id', location.club, clubIds);
    }
  }
  return problems;
}
