import { useSite } from '../lib/site.tsx';
import { Island } from './Island.tsx';

/**
 * Link to this page in the other language (the alternate), or that language's home page: the
 * language-switch island, which also remembers the choice and, on a first visit, follows the
 * browser's language (islands/lib/language.ts). Hydrated at once: a redirect should come early.
 */
export function LanguageLink() {
  const { page, locale, t, href } = useSite();
  const other = locale === 'nl' ? 'en' : 'nl';
  const target = page.alternates?.[other] ?? href('home', {}, other);
  const alternates = { ...(page.alternates?.nl ? { nl: page.alternates.nl } : {}), ...(page.alternates?.en ? { en: page.alternates.en } : {}) };
  return <Island name="language-switch" props={{ locale, alternates, target, label: t('language.switchTo') }} load="load" />;
}
