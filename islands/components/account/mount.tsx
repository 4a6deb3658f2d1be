import { createElement, render } from 'preact';
import { SignedInMenu, type SignedInMenuProps } from './SignedInMenu.tsx';

/**
 * Shows the signed-in menu in the header's account slot (templates/components/Header.tsx), which
 * carries its props. Fetched by islands/header.ts only when a profile is stored: most visitors are
 * signed out and never download Preact for the header.
 */
export function mountAccountMenu(slot: HTMLElement): void {
  const props = JSON.parse(slot.dataset.accountMenu ?? '{}') as SignedInMenuProps;
  render(createElement(SignedInMenu, props), slot);
}
