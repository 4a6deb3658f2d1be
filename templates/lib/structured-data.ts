import type { BreadcrumbList, NewsArticle, Organization, SportsEvent, WithContext } from 'schema-dts';
import type { EventText, NewsText } from '../../cli/content/types.ts';
import type { Locale } from '../../shared/locale.ts';
import { eventSignupState } from '../../shared/event-state.ts';
import { eventPlace } from './event-place.ts';
import { amsterdamIso } from '../../shared/zoned-time.ts';

/** What every JSON-LD block needs to know about the site, in absolute URLs. */
export interface SiteFacts {
  name: string;
  /** https://www.example.nl, no trailing slash. */
  url: string;
  email: string;
  telephone: string;
  /** "Sportlaan 12, 3521 AB Utrecht" as the footer shows it. */
  address: string;
  logo: string;
  /** Profiles on other sites (the socials page's links). */
  sameAs: string[];
}

/** A share image in absolute terms. */
export interface ImageFacts {
  url: string;
  width: number;
  height: number;
}

/** "Sportlaan 12, 3521 AB Utrecht": street, then a Dutch postcode and the town. */
function postalAddress(line: string) {
  const [street, rest = ''] = line.split(/,\s*/, 2);
  const postcode = /^(\d{4}\s?[A-Z]{2})\s+(.+)$/.exec(rest.trim());
  return {
    '@type': 'PostalAddress' as const,
    streetAddress: street ?? line,
    ...(postcode ? { postalCode: postcode[1], addressLocality: postcode[2] } : { addressLocality: rest.trim() }),
    addressCountry: 'NL',
  };
}

/** The organisation: the office's contact and the socials, on the home page. */
export function organization(site: SiteFacts): WithContext<Organization> {
  return {
    '@context': 'https://schema.org',
    '@type': 'SportsOrganization',
    '@id': `${site.url}/#organization`,
    name: site.name,
    url: site.url,
    logo: site.logo,
    email: site.email,
    telephone: site.telephone,
    address: postalAddress(site.address),
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      email: site.email,
      telephone: site.telephone,
      availableLanguage: ['nl', 'en'],
    },
    sameAs: site.sameAs,
  };
}

const organizer = (site: SiteFacts) => ({
  '@type': 'Organization' as const,
  '@id': `${site.url}/#organization`,
  name: site.name,
  url: site.url,
});

/**
 * An event (Google's Event rich result: name, startDate, location with an address). Sign-ups
 * are its offer: open until the deadline, for the places the event has, as of the build (the
 * page's islands say how many are left; a crawler reads the built page).
 */
export function sportsEvent(
  site: SiteFacts,
  input: {
    event: EventText;
    locale: Locale;
    url: string;
    images: ImageFacts[];
    clubs: ReadonlyArray<{ id: number; name: string; city: string }>;
    buildDate: string;
    signUpUrl: string;
  },
): WithContext<SportsEvent> {
  const { event } = input;
  const place = eventPlace(event, input.clubs);
  const open = eventSignupState(event, input.buildDate) === 'open';
  return {
    '@context': 'https://schema.org',
    '@type': 'SportsEvent',
    name: event.title,
    description: event.summary,
    url: input.url,
    image: input.images.map((image) => image.url),
    startDate: amsterdamIso(event.start),
    endDate: amsterdamIso(event.end),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    inLanguage: input.locale,
    location: {
      '@type': 'Place',
      name: place.name,
      address: {
        '@type': 'PostalAddress',
        ...(place.locality ? { addressLocality: place.locality } : { streetAddress: place.name }),
        addressCountry: 'NL',
      },
    },
    organizer: organizer(site),
    audience: { '@type': 'Audience', audienceType: event.audience },
    maximumAttendeeCapacity: event.capacity,
    offers: {
      '@type': 'Offer',
      url: input.signUpUrl,
      price: event.price.toFixed(2),
      priceCurrency: 'EUR',
      availability: open ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      inventoryLevel: { '@type': 'QuantitativeValue', value: event.capacity },
      validThrough: amsterdamIso(event.deadline),
    },
  };
}

/** A news article (Google's Article: headline, image, datePublished, author). */
export function newsArticle(
  site: SiteFacts,
  input: { article: NewsText; locale: Locale; url: string; images: ImageFacts[] },
): WithContext<NewsArticle> {
  const { article } = input;
  const published = amsterdamIso(article.date);
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title,
    description: article.summary,
    url: input.url,
    mainEntityOfPage: input.url,
    image: input.images.map((image) => ({
      '@type': 'ImageObject' as const,
      url: image.url,
      width: `${image.width}`,
      height: `${image.height}`,
    })),
    datePublished: published,
    dateModified: published,
    inLanguage: input.locale,
    author: article.author ? { '@type': 'Person', name: article.author } : organizer(site),
    publisher: { ...organizer(site), logo: { '@type': 'ImageObject', url: site.logo } },
  };
}

/** The breadcrumb the page shows: home, the section, the page itself. */
export function breadcrumbs(trail: Array<{ name: string; url: string }>): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: step.url,
    })),
  };
}

/** JSON for a <script type="application/ld+json">: `<` escaped, so no text in it can close the tag. */
export function jsonLd(data: unknown): string {
  const json = JSON.stringify(data);
  return json.includes('<') ? json.replace(/</g, '\\u003c') : json;
}
