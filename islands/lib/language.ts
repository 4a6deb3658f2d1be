import { isPrefixed, locales, type Locale } from '../../shared/locale.ts';

/**
 * The language a visitor sees (spec §2, §9). The choice lives in a cookie for 365 days on path /.
 * Its name is the one the old site's i18n module used, so a returning visitor keeps their choice.
 *
 * Unprefixed paths (/kampen) are the default-language addresses: they follow the visitor's
 * remembered choice, or on a first visit the browser's languages, once. Prefixed paths (/nl/...,
 * /en/...) name their language on purpose (a shared link, the language switch), so they are
 * never redirected and record nothing: following one shared English link should not send a Dutch
 * visitor's next visit to / into English. Only the language switch and detection write the cookie.
 */
export const languageCookie = { name: 'i18n_redirected', maxAge: 365 * 24 * 60 * 60, path: '/' } as const;

/** The first browser language we publish in (en-GB -> en), or undefined for none. */
export function detectLocale(languages: readonly string[]): Locale | undefined {
  for (const language of languages) {
    const primary = language.trim().toLowerCase().split(/[-_]/)[0];
    const found = locales.find((locale) => locale === primary);
    if (found) return found;
  }
  return undefined;
}

export function readLocaleCookie(cookieHeader: string): Locale | undefined {
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === languageCookie.name) return locales.find((locale) => locale === value);
  }
  return undefined;
}

export function localeCookie(locale: Locale, secure: boolean): string {
  return `${languageCookie.name}=${locale}; Max-Age=${languageCookie.maxAge}; Path=${languageCookie.path}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export interface LanguageDecision {
  /** Go to the page in this language. */
  redirect?: Locale;
  /** Write the cookie with this language. */
  remember?: Locale;
}

/** What to do when a page loads: pure, so every case is a row in a table test. */
export function decideLanguage(options: {
  pathname: string;
  pageLocale: Locale;
  cookie: Locale | undefined;
  languages: readonly string[];
}): LanguageDecision {
  const { pathname, pageLocale, cookie } = options;
  if (isPrefixed(pathname)) return {};
  const wanted = cookie ?? detectLocale(options.languages) ?? pageLocale;
  const decision: LanguageDecision = cookie ? {} : { remember: wanted };
  return wanted === pageLocale ? decision : { ...decision, redirect: wanted };
}
