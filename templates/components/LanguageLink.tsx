import { useSite } from '../lib/site.tsx';
import { Icon } from './Icon.tsx';

/** Link to this page in the other language (the alternate), or that language's home page. */
export function LanguageLink() {
  const { page, locale, t, href } = useSite();
  const other = locale === 'nl' ? 'en' : 'nl';
  const target = page.alternates?.[other] ?? href('home', {}, other);
  return (
    <a className="language-link" href={target} hrefLang={other} lang={other} data-language-switch={other}>
      <Icon name="globe" size={18} />
      <span>{t('language.switchTo')}</span>
    </a>
  );
}
