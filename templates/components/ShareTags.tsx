import type { HeroProps } from './Hero.tsx';
import { formatDate, formatDateSpan, useSite, type Site } from '../lib/site.tsx';
import { eventById, newsById } from '../lib/lookup.ts';
import { eventPlace } from '../lib/event-place.ts';
import { cardImage, type CardRequest } from '../lib/share-card.ts';
import {
  breadcrumbs,
  jsonLd,
  newsArticle,
  organization,
  sportsEvent,
  type ImageFacts,
  type SiteFacts,
} from '../lib/structured-data.ts';
import { amsterdamIso } from '../../shared/zoned-time.ts';
import { feedPaths } from '../../shared/paths.ts';
import { isListed } from '../../shared/listing.ts';
import { perSiteText, type SiteTextMemo } from '../lib/per-site-text.ts';

const ogLocale = { nl: 'nl_NL', en: 'en_GB' } as const;

// A card's site part (name, host, colours) comes from the config alone: the same on every card of
// a build, so made once, not parsed from the URL again for each of thousands of pages.
const cardSites: SiteTextMemo<CardRequest['site']> = new WeakMap();

const cardSite = (model: Site['model']): CardRequest['site'] =>
  perSiteText(cardSites, model, 'card', () => {
    const { name, url, theme } = model.config;
    return {
      name,
      host: new URL(url).host,
      colors: { dark: theme.primary[900], light: theme.primary[200], accent: theme.accent, muted: theme.primary[300] },
    };
  });

/** The card's label and detail line: the section it sits in, and its date or place. */
function cardRequest(site: Site, title: string, hero: Pick<HeroProps, 'image' | 'parent' | 'subtitle'>): CardRequest {
  const { page, model, locale, t, images } = site;
  const entity = page.entity;
  let detail = hero.subtitle;
  if (entity.kind === 'news') detail = formatDate(newsById(model, entity.id)![locale].data.date, locale);
  if (entity.kind === 'event') {
    const event = eventById(model, entity.id)![locale].data;
    detail = `${formatDateSpan(event.start, event.end, locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })} · ${eventPlace(event, model.clubs).text}`;
  }
  const photo = images[hero.image];
  const version = photo?.variants[0]?.src;
  return {
    locale,
    title,
    site: cardSite(model),
    ...(hero.parent ? { label: t(`nav.${hero.parent}`) } : {}),
    ...(detail ? { detail } : {}),
    ...(version ? { photo: { name: hero.image, version, ...(photo?.focus ? { focus: photo.focus } : {}) } } : {}),
  };
}

const madeFacts: SiteTextMemo<WeakMap<object, SiteFacts>> = new WeakMap();
const NO_SOCIALS = {};

/**
 * The organisation as structured data names it: the same on every page of a language, so made
 * once per socials page. That page is read through this page's model, as every page reads it:
 * the page still records that it shows the socials' links (shared/model-reads.ts).
 */
function siteFacts(site: Site, absolute: (path: string) => string): SiteFacts {
  const { model, t } = site;
  const socialsPage = model.pages.get('socials');
  const bySocials = perSiteText(madeFacts, model, site.locale, () => new WeakMap<object, SiteFacts>());
  let facts = bySocials.get(socialsPage ?? NO_SOCIALS);
  if (!facts) {
    const socials = socialsPage?.nl.data.sections ?? [];
    facts = {
      name: model.config.name,
      url: model.config.url,
      email: model.config.officeEmail,
      telephone: t('footer.phone'),
      address: t('footer.address'),
      logo: absolute('/favicon.svg'),
      sameAs: socials.flatMap((section) => (section.cta && 'href' in section.cta ? [section.cta.href] : [])),
    };
    bySocials.set(socialsPage ?? NO_SOCIALS, facts);
  }
  return facts;
}

/** The page's structured data: the organisation on the home page, an event, an article, the breadcrumb. */
function structuredData(
  site: Site,
  title: string,
  hero: Pick<HeroProps, 'image' | 'parent'>,
  card: ImageFacts,
  absolute: (path: string) => string,
): unknown[] {
  const { page, model, locale, t, href, images, buildDate } = site;
  const facts = siteFacts(site, absolute);
  const url = absolute(page.canonical);
  const photo = images[hero.image]?.variants.at(-1);
  const pictures = [card, ...(photo ? [{ url: absolute(photo.src), width: photo.width, height: photo.height }] : [])];
  const blocks: unknown[] = [];
  if (page.route === 'home') blocks.push(organization(facts));
  if (page.route === 'event' && page.entity.kind === 'event') {
    const event = eventById(model, page.entity.id)![locale].data;
    const signUpUrl = absolute(href('event-signup', { id: event.id, slug: event.slug }));
    blocks.push(sportsEvent(facts, { event, locale, url, images: pictures, clubs: model.clubs, buildDate, signUpUrl }));
  }
  if (page.entity.kind === 'news')
    blocks.push(
      newsArticle(facts, { article: newsById(model, page.entity.id)![locale].data, locale, url, images: pictures }),
    );
  if (hero.parent) {
    blocks.push(
      breadcrumbs([
        { name: t('nav.home'), url: absolute(href('home')) },
        { name: t(`nav.${hero.parent}`), url: absolute(href(hero.parent)) },
        { name: title, url },
      ]),
    );
  }
  return blocks;
}

/**
 * What a shared link, a feed reader and a search engine read in the head: Open Graph and Twitter
 * Card tags with the page's card image, the news feeds of this language, and JSON-LD.
 */
export function ShareTags({
  title,
  fullTitle,
  description,
  hero,
}: {
  title: string;
  fullTitle: string;
  description: string;
  hero: Pick<HeroProps, 'image' | 'parent' | 'subtitle'>;
}) {
  const site = useSite();
  const { page, model, locale, assets, href, t } = site;
  const { config } = model;
  const absolute = (path: string) => `${config.url}${path === '/' ? '' : path}`;
  const card = cardImage(cardRequest(site, title, hero), page.canonical, assets.cardVersion);
  if (site.found) site.found.card = card;
  const cardFacts = { url: absolute(card.src), width: card.width, height: card.height };
  const feeds = feedPaths(href('news'));
  const other = locale === 'nl' ? 'en' : 'nl';
  const article = page.entity.kind === 'news' ? newsById(model, page.entity.id)![locale].data : undefined;
  const newsTitle = `${config.name}: ${t('nav.news')}`;
  return (
    <>
      <link rel="alternate" type="application/rss+xml" title={`${newsTitle} (RSS)`} href={feeds.rss} />
      <link rel="alternate" type="application/atom+xml" title={`${newsTitle} (Atom)`} href={feeds.atom} />
      <meta property="og:type" content={article ? 'article' : 'website'} />
      {/* As the canonical: a shell (one page for many addresses) and a form's result page have no URL to share. */}
      {isListed(page) && <meta property="og:url" content={absolute(page.canonical)} />}
      <meta property="og:image" content={cardFacts.url} />
      <meta property="og:image:type" content="image/jpeg" />
      <meta property="og:image:width" content={String(card.width)} />
      <meta property="og:image:height" content={String(card.height)} />
      <meta property="og:image:alt" content={card.alt} />
      <meta property="og:locale" content={ogLocale[locale]} />
      <meta property="og:locale:alternate" content={ogLocale[other]} />
      {article && <meta property="article:published_time" content={amsterdamIso(article.date)} />}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={cardFacts.url} />
      <meta name="twitter:image:alt" content={card.alt} />
      {structuredData(site, title, hero, cardFacts, absolute).map((block, index) => (
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(block) }} />
      ))}
    </>
  );
}
