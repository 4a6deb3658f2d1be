/** The islands the templates know (islands/index.ts) are exactly the ones the build bundles. */
import { expect, test } from 'vitest';
import { resolve } from 'node:path';
import { islandEntries } from '../../cli/build/islands.ts';
import { islands, needsToaster } from '../../islands/index.ts';

const root = resolve(import.meta.dirname, '../..');

test('one islands/<name>.tsx per registered island, the loader and the header script', async () => {
  const entries = await islandEntries(root);
  expect(Object.keys(entries).sort()).toEqual(['header', 'loader', ...Object.keys(islands)].sort());
});

test('every form island gets the toaster', () => {
  const forms = Object.keys(islands).filter((name) => name.endsWith('-form'));
  expect([...needsToaster].sort()).toEqual(forms.sort());
});
