import type { NavLink } from '../../shared/config.ts';
import type { Locale } from '../../shared/locale.ts';
import { perSiteText, type SiteTextMemo } from './per-site-text.ts';
import type { Site } from './site.tsx';

/** A link of the main navigation, in the page's language. */
export interface NavLinkItem {
  label: string;
  href: string;
  current?: boolean;
  external?: boolean;
}
/** A labelled group of links (a dropdown on wide screens, a fold on phones). */
export interface NavGroupItem {
  label: string;
  children: NavLinkItem[];
}
export type NavItem = NavLinkItem | NavGroupItem;

function navLink(site: Site, link: NavLink): NavLinkItem {
  if ('href' in link) return { label: site.t(link.label), href: link.href, external: true };
  const label = site.t(link.label ?? `nav.${link.route}`);
  return { label, href: site.href(link.route), ...(site.page.route === link.route ? { current: true } : {}) };
}

const madeItems: SiteTextMemo<NavItem[]> = new WeakMap();

/**
 * The main navigation of site.config.yaml, in the page's language: the same on every page of a
 * language but those whose route is in it (marked current), so made once for each route.
 */
export function navItems(site: Site): NavItem[] {
  return perSiteText(madeItems, site.model, `${site.locale} ${site.page.route}`, () =>
    site.model.config.navigation.map((item) =>
      'children' in item
        ? { label: site.t(item.label), children: item.children.map((child) => navLink(site, child)) }
        : navLink(site, item),
    ),
  );
}

/** The header's language link: this page in the other language (its hreflang alternate), or that language's home page. */
export interface LanguageLinkProps {
  other: Locale;
  href: string;
  /** "English" / "Nederlands": the language it leads to, named in that language. */
  label: string;
  /** "EN" / "NL": what a phone shows. */
  short: string;
}

export function languageLink(site: Site): LanguageLinkProps {
  const { page, locale } = site;
  const other: Locale = locale === 'nl' ? 'en' : 'nl';
  return {
    other,
    href: page.alternates?.[other] ?? site.href('home', {}, other),
    label: site.t('language.switchTo'),
    short: other.toUpperCase(),
  };
}
