/** The Lucide icons copied into the identity islands still match @iconify-json/lucide (as tests/islands/icons.test.ts does for the others). */
import { expect, test } from 'vitest';
import { icons } from '@iconify-json/lucide';
import { checkIcon, xIcon } from '../../islands/components/auth/PasswordField.tsx';

const stroke = ' fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round" stroke-width="2"';
const shapes = (body: string) =>
  body.startsWith(`<g${stroke}>`) ? body.slice(`<g${stroke}>`.length, -'</g>'.length) : body.replace(stroke, '');

test.each([
  ['check', checkIcon],
  ['x', xIcon],
])('%s equals @iconify-json/lucide', (name, body) => {
  expect(shapes(icons.icons[name]!.body)).toBe(body);
});
