import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { builtInRoutes } from '../../shared/config.ts';
import { templatedRoutes } from '../../templates/pages/index.ts';
import { repoRoot } from './fixtures/model.ts';

/**
 * site.config.yaml may declare any route (a page of text needs no code, issue 20); the ones the
 * code names must be there, and builtInRoutes lists them. This holds that list to the code.
 */
const STATUS_PAGES = ['not-found', 'error'];

function sources(dir: string): Array<{ file: string; text: string }> {
  return readdirSync(join(repoRoot, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .map((path) => ({ file: relative(repoRoot, path), text: readFileSync(path, 'utf8') }));
}
const code = ['shared', 'cli', 'templates', 'islands', 'functions']
  .flatMap(sources)
  .filter((source) => source.file !== join('shared', 'config.ts'));

/** Route names the code links to or renders: href('x'), routePath(config, 'x'), parent="x", routes.x[...]. */
const PATTERNS = [
  /\bhref\('([a-z-]+)'/g,
  /\broutePath\([^,()]+, '([a-z-]+)'/g,
  /\bparent="([a-z-]+)"/g,
  /\broutes\.([a-z]+)\[/g,
];
/** And the routes the route table and redirect map make pages and rules of: add('x'), itemRedirects('x'). */
const ROUTING = /\b(?:add|itemRedirects)\('([a-z-]+)'/g;
const namesIn = ({ file, text }: { file: string; text: string }) =>
  [...PATTERNS, ...(file.startsWith(join('cli', 'routes')) ? [ROUTING] : [])].flatMap((pattern) =>
    [...text.matchAll(pattern)].map((m) => m[1]!),
  );

describe('builtInRoutes: the routes the code names', () => {
  test('every route the code links to, renders with a template or routes by name is in the list', () => {
    const named = new Set([...templatedRoutes, ...code.flatMap(namesIn)]);
    const unlisted = [...named].filter(
      (name) => !(builtInRoutes as readonly string[]).includes(name) && !STATUS_PAGES.includes(name),
    );
    expect(unlisted).toEqual([]);
  });

  test('every route in the list is named by the code (the rest are pages of text and need no entry)', () => {
    const unused = builtInRoutes.filter(
      (name) => !code.some(({ text }) => text.includes(`'${name}'`) || text.includes(`"${name}"`)),
    );
    expect(unused).toEqual([]);
  });
});
