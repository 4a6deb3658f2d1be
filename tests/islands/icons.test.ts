/** The icons copied into islands still match the Lucide set the templates use. */
import { expect, test } from 'vitest';
import { icons } from '@iconify-json/lucide';
import { iconBodies } from '../../islands/components/icons.ts';

test.each(Object.entries(iconBodies))('%s equals @iconify-json/lucide', (name, body) => {
  expect(icons.icons[name]?.body).toBe(body);
  expect(icons.icons[name]?.width ?? icons.width).toBe(24);
});
