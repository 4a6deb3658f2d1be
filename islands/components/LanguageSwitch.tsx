import { useEffect } from 'react';
import { Icon } from './Icon.tsx';
import { decideLanguage, localeCookie, readLocaleCookie, type Locale } from '../lib/language.ts';

/** Lucide "globe" (ISC): its shapes, drawn with the stroke <Icon> sets; tests/islands/icons.test.ts compares. */
export const globeIcon = '<circle cx="12" cy="12" r="10"/><path d="M12 2a14.5 14.5 0 0 0 0 20a14.5 14.5 0 0 0 0-20M2 12h20"/>';

export interface LanguageSwitchProps {
  /** This page's language. */
  locale: Locale;
  /** This page in each language, where it exists (its hreflang alternates). */
  alternates: Partial<Record<Locale, string>>;
  /** Where the link goes: the other language's version, or its home page. */
  target: string;
  /** The link's text, in the language it leads to ("English" / "Nederlands"). */
  label: string;
}

const remember = (locale: Locale) => {
  document.cookie = localeCookie(locale, location.protocol === 'https:');
};

/**
 * The link to this page in the other language. Following it remembers that language for a
 * year (spec §2, §9); on a visitor's first page without a remembered language, their browser's
 * languages choose, once (islands/lib/language.ts has the rules).
 */
export function LanguageSwitch({ locale, alternates, target, label }: LanguageSwitchProps) {
  const other: Locale = locale === 'nl' ? 'en' : 'nl';
  useEffect(() => {
    const decision = decideLanguage({
      pathname: location.pathname,
      pageLocale: locale,
      cookie: readLocaleCookie(document.cookie),
      languages: navigator.languages?.length ? navigator.languages : [navigator.language],
    });
    if (decision.remember) remember(decision.remember);
    const destination = decision.redirect && alternates[decision.redirect];
    // replace(): the page the visitor never chose should not be a step back in their history.
    if (destination && destination !== location.pathname) location.replace(destination + location.search + location.hash);
  }, []);
  return (
    <a className="language-link" href={target} hrefLang={other} lang={other} data-language-switch={other} onClick={() => remember(other)}>
      <Icon icon={globeIcon} size={18} />
      <span>{label}</span>
    </a>
  );
}
