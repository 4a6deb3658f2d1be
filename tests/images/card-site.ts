import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { compileCardTemplate, type CardTemplate } from '../../cli/build/cards.ts';
import { repoRoot } from '../build/helpers.ts';

/** The site whose name, host and colours the card tests draw. */
export const cardSite = {
  name: 'Baseline Tennis',
  host: 'www.baselinetennis.nl',
  colors: { dark: '#0b2545', light: '#f4f1ea', accent: '#d4a72c', muted: '#a9b4c2' },
};

/**
 * Before the tests of the file (or of the describe it is called in): the project's card template
 * compiled into a new temporary folder, both handed to `use` (the folder also takes the tests' own
 * files); the folder is removed after them.
 */
export function withCardTemplate(name: string, use: (made: { dir: string; template: CardTemplate }) => void): void {
  let dir: string | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), `site-${name}-`));
    use({ dir, template: await compileCardTemplate(repoRoot, join(dir, 'cache')) });
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
}
