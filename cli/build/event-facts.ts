import type { Locale } from '../../shared/locale.ts';
import type { EventData } from '../content/schemas/markdown.ts';
import type { PageRoute } from '../routes/types.ts';
import { calendarPath } from '../../shared/paths.ts';
import type { EventFacts, EventQuestionFacts } from '../../shared/event-facts.ts';

/** An event in both languages, as the model and the validated content both hold it. */
type EventItem = Record<Locale, { data: EventData }>;

/** The questions a page's sign-up form asks, as the function checks the answers. */
function questionFacts(event: EventData): EventQuestionFacts[] {
  return event.questions.map((question) => ({
    id: question.id,
    type: question.type,
    label: question.label,
    required: question.required,
    ...(question.type === 'number'
      ? {
          ...(question.min === undefined ? {} : { min: question.min }),
          ...(question.max === undefined ? {} : { max: question.max }),
        }
      : {}),
    ...(question.type === 'select' ? { options: question.options } : {}),
  }));
}

/**
 * What the registration functions need of each event (issue 7), for dist/site.json: a static
 * site cannot be asked at request time, so capacity, deadline and start travel with the build
 * the pages came from, and a sign-up is checked against exactly what the visitor saw.
 */
export function eventFacts(events: readonly EventItem[], pages: readonly PageRoute[]): EventFacts[] {
  // One pass over the pages, not one per event: a site at scale has thousands of pages.
  const canonical = new Map<string, string>();
  for (const page of pages)
    if (page.route === 'event' && page.entity.kind === 'event')
      canonical.set(`${page.locale}:${page.entity.id}`, page.canonical);
  const pageOf = (id: number, locale: Locale) => canonical.get(`${locale}:${id}`);
  // By id: the model and the validated content hold events in different orders, and site.json
  // should not change with whichever of the two made it (site build, site dev).
  const facts = events.flatMap((item) => {
    const { nl, en } = item;
    const page = { nl: pageOf(nl.data.id, 'nl'), en: pageOf(nl.data.id, 'en') };
    // An event without a page (a draft left out of the build) takes no registrations.
    if (!page.nl || !page.en) return [];
    return [
      {
        id: nl.data.id,
        title: { nl: nl.data.title, en: en.data.title },
        start: nl.data.start,
        end: nl.data.end,
        deadline: nl.data.deadline,
        capacity: nl.data.capacity,
        page: { nl: page.nl, en: page.en },
        calendar: { nl: calendarPath(page.nl), en: calendarPath(page.en) },
        questions: { nl: questionFacts(nl.data), en: questionFacts(en.data) },
      },
    ];
  });
  return facts.sort((a, b) => a.id - b.id);
}

/** The registration page per language with `[id]` in it, from the shell page's paths. */
export function registrationPage(pages: readonly PageRoute[]): { nl: string; en: string } | undefined {
  const nl = pages.find((page) => page.route === 'registration' && page.locale === 'nl')?.canonical;
  const en = pages.find((page) => page.route === 'registration' && page.locale === 'en')?.canonical;
  return nl && en ? { nl, en } : undefined;
}
