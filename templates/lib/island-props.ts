import type { NavLink } from '../../cli/config/schema.ts';
import type { FormText } from '../../islands/components/MailForm.tsx';
import type { NavItem, NavLinkItem } from '../../islands/components/MobileNav.tsx';
import type { LanguageSwitchProps } from '../../islands/components/LanguageSwitch.tsx';
import type { Site } from './site.tsx';

/**
 * Islands get their words as props: they run in the browser, where there is no strings file.
 * These build those props from the page's strings, so every island speaks the page's language.
 */

/** The messages every form shows; `form` names it in the success toast ('{name} form submitted.'). */
export function formText(site: Site, form: 'contact' | 'question' | 'customer' | 'basic' | 'job'): FormText {
  const t = site.t;
  return {
    required: t('forms.required'),
    invalidEmail: t('forms.invalidEmail'),
    invalidPhone: t('forms.invalidPhone'),
    tooLong: t('forms.tooLong'),
    optional: t('forms.optional'),
    send: t('forms.send'),
    sending: t('forms.sending'),
    success: t('forms.success', { name: t(`forms.formNames.${form}`) }),
    failure: t('forms.failure'),
  };
}

function navLink(site: Site, link: NavLink): NavLinkItem {
  if ('href' in link) return { label: site.t(link.label), href: link.href, external: true };
  return { label: site.t(`nav.${link.route}`), href: site.href(link.route), ...(site.page.route === link.route ? { current: true } : {}) };
}

/** The main navigation of site.config.yaml, in the page's language, for the site-header island. */
export function navItems(site: Site): NavItem[] {
  return site.model.config.navigation.map((item) =>
    'children' in item ? { label: site.t(item.label), children: item.children.map((child) => navLink(site, child)) } : navLink(site, item),
  );
}

/**
 * The language switch: this page in the other language (its hreflang alternate), or that
 * language's home page; the alternates also tell a first-time visitor's redirect where to go.
 */
export function languageProps(site: Site): LanguageSwitchProps {
  const { page, locale } = site;
  const other = locale === 'nl' ? 'en' : 'nl';
  const alternates = { ...(page.alternates?.nl ? { nl: page.alternates.nl } : {}), ...(page.alternates?.en ? { en: page.alternates.en } : {}) };
  return { locale, alternates, target: page.alternates?.[other] ?? site.href('home', {}, other), label: site.t('language.switchTo') };
}
