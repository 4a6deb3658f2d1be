/**
 * The header's enhancement (issue 19): the header itself is HTML and CSS and works without this
 * (templates/components/Header.tsx). No framework: it is the only script a page without islands
 * loads, at most 2 KB (scripts/js-budget.mjs holds it to that).
 *
 * - Language (spec §2, §9; lib/language.ts has the rules): following the language link remembers
 *   that language for a year; an unprefixed address follows the remembered language, or on a first
 *   visit the browser's, once. The page's alternates are its own <link rel="alternate" hreflang>.
 * - Menus (the main menu, its groups, the account menu): Escape closes the innermost open one and
 *   puts focus back on its button; a click or focus elsewhere closes them.
 * - Account: only a browser with a stored profile fetches the signed-in menu, on demand.
 */
import type { Locale } from '../shared/locale.ts';
import { decideLanguage, localeCookie, readLocaleCookie } from './lib/language.ts';
import { maybeSignedIn } from './lib/signed-in-hint.ts';

const header = document.querySelector<HTMLElement>('[data-header]');

const remember = (locale: Locale) => {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox.
  document.cookie = localeCookie(locale, location.protocol === 'https:');
};

function followLanguage(): void {
  const pageLocale = document.documentElement.lang as Locale;
  const alternates: Partial<Record<string, string>> = {};
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]'))
    alternates[link.hreflang] = new URL(link.href).pathname;
  const decision = decideLanguage({
    pathname: location.pathname,
    pageLocale,
    cookie: readLocaleCookie(document.cookie),
    languages: navigator.languages?.length ? navigator.languages : [navigator.language],
  });
  if (decision.remember) remember(decision.remember);
  const destination = decision.redirect && alternates[decision.redirect];
  // replace(): the page the visitor never chose should not be a step back in their history.
  if (destination && destination !== location.pathname) location.replace(destination + location.search + location.hash);
}

const openMenus = () => (header ? [...header.querySelectorAll<HTMLDetailsElement>('details[open]')] : []);

function closeMenus(): void {
  if (!header) return;
  header.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLElement>('[data-language-switch]');
    if (link) remember(link.dataset.languageSwitch as Locale);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const open = openMenus();
    // The innermost open menu holding focus, else the innermost open one (later in the document).
    const target = open.filter((menu) => menu.contains(document.activeElement)).pop() ?? open.pop();
    if (!target) return;
    event.preventDefault();
    target.open = false;
    target.querySelector('summary')?.focus();
  });
  const outside = (event: Event) => {
    for (const menu of openMenus()) if (!menu.contains(event.target as Node)) menu.open = false;
  };
  document.addEventListener('pointerdown', outside);
  document.addEventListener('focusin', outside);
}

function showAccount(): void {
  const slot = header?.querySelector<HTMLElement>('[data-account-menu]');
  if (slot && maybeSignedIn())
    void import('./components/account/mount.tsx').then((module) => module.mountAccountMenu(slot));
}

followLanguage();
closeMenus();
showAccount();
// Tests (and styles) can tell an enhanced header from plain HTML.
if (header) header.dataset.state = 'enhanced';
