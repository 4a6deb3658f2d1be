/**
 * The main menu's markup is rendered once per items array and labels (templates/components/
 * MainMenu.tsx, issue 21): a page whose route is in the menu gets its own, with that link marked,
 * and the pages after it never carry that mark; every one is the markup the menu's elements make.
 */
import { expect, test } from 'vitest';
import { renderToString } from '../../templates/runtime/render.ts';
import { MainMenu } from '../../templates/components/MainMenu.tsx';
import type { NavItem } from '../../templates/lib/navigation.ts';

const items = (current?: string): NavItem[] => [
  { label: 'Kampen', href: '/kampen', ...(current === '/kampen' ? { current: true } : {}) },
  {
    label: 'Toptennis',
    children: [
      { label: 'Pro Academy', href: '/pro-academy', ...(current === '/pro-academy' ? { current: true } : {}) },
    ],
  },
  { label: 'Shop', href: 'https://shop.example', external: true },
];
const menu = (current?: string) =>
  renderToString(<MainMenu label="Menu" items={items(current)} search={{ href: '/zoeken', label: 'Zoeken' }} />);

test('each page gets the menu with its own link marked, rendered once per items array', () => {
  const plain = menu();
  expect(plain).toMatch(/^<details class="menu" data-menu=""><summary class="menu-button"><svg/);
  expect(plain).toContain('<a href="https://shop.example" rel="noopener">Shop</a>');
  expect(plain).not.toContain('aria-current');
  const kampen = menu('/kampen');
  expect(kampen).toContain('<a href="/kampen" aria-current="page">Kampen</a>');
  expect(menu('/pro-academy')).toContain('<a href="/pro-academy" aria-current="page">Pro Academy</a>');
  expect(menu()).toBe(plain);
  expect(menu('/kampen')).toBe(kampen);
  expect(kampen.replace(' aria-current="page"', '')).toBe(plain);
});

test("the same items with other labels (a page in another language's strings) get those labels, not the first page's", () => {
  const shared = items('/kampen');
  const render = (label: string, search: string) =>
    renderToString(<MainMenu label={label} items={shared} search={{ href: '/zoeken', label: search }} />);
  const dutch = render('Menu', 'Zoeken');
  expect(render('Menu', 'Zoeken')).toBe(dutch);
  const other = render('Navigatie', 'Vind');
  expect(other).toContain('<span>Navigatie</span>');
  expect(other).toContain('<span>Vind</span>');
  expect(other).not.toBe(dutch);
});
