/** The Lucide icons copied into islands still match the set the templates use (@iconify-json/lucide). */
import { expect, test } from 'vitest';
import { icons } from '@iconify-json/lucide';
import * as toast from '../../islands/components/ToastItem.tsx';
import * as avatar from '../../islands/components/Avatar.tsx';
import * as signup from '../../islands/signup-window.tsx';

/** Lucide's body without the stroke every icon shares, which <Icon> sets on the <svg> instead. */
const stroke = ' fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round" stroke-width="2"';
const shapes = (body: string) =>
  body.startsWith(`<g${stroke}>`) ? body.slice(`<g${stroke}>`.length, -'</g>'.length) : body.replace(stroke, '');

/** Every `<name>Icon` export: chevronDownIcon is Lucide's chevron-down. */
const copied = [toast, avatar, signup].flatMap((module) =>
  Object.entries(module)
    .filter(([name, value]) => name.endsWith('Icon') && typeof value === 'string')
    .map(
      ([name, body]) =>
        [name.slice(0, -4).replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), body as string] as const,
    ),
);

test('the islands draw these icons', () => {
  expect(copied.map(([name]) => name).sort()).toEqual(['circle-alert', 'circle-check', 'external-link', 'user', 'x']);
});

test.each(copied)('%s equals @iconify-json/lucide', (name, body) => {
  expect(shapes(icons.icons[name]!.body)).toBe(body);
  expect(icons.icons[name]!.body).toContain(stroke);
  expect(icons.icons[name]?.width ?? icons.width).toBe(24);
});
