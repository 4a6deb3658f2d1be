import { createElement, type ComponentType } from 'react';
import { AccountMenu, type AccountMenuProps } from './components/AccountMenu.tsx';
import { LanguageSwitch, type LanguageSwitchProps } from './components/LanguageSwitch.tsx';
import { MobileNav, type MobileNavProps } from './components/MobileNav.tsx';
import type { IslandPart } from './runtime/server.ts';

export interface SiteHeaderProps {
  nav: MobileNavProps;
  language: LanguageSwitchProps;
  account: AccountMenuProps;
}

/**
 * The header's interactive parts: the navigation (components/MobileNav.tsx) and the language
 * switch (components/LanguageSwitch.tsx). They sit side by side on every page with a header, so
 * they are one island: one script file less on every page, which the 15 KB budget of the
 * heaviest page (a club: six islands) needs. Hydrated at once, since the language switch may
 * send a first-time visitor to their own language. The account menu (components/AccountMenu.tsx)
 * shows who is signed in.
 */
export default function SiteHeader(props: SiteHeaderProps) {
  return <>{parts(props).map(({ component, props: partProps }, index) => createElement(component as ComponentType<object>, { key: index, ...partProps }))}</>;
}

/** Side by side, each on its own: the server renders the menu once for every page that shows the same one. */
function parts({ nav, language, account }: SiteHeaderProps): IslandPart[] {
  return [
    { component: MobileNav, props: nav },
    { component: LanguageSwitch, props: language },
    { component: AccountMenu, props: account },
  ];
}
SiteHeader.parts = parts;
