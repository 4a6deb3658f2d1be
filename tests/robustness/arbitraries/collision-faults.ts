import fc from 'fast-check';
import type { SiteConfig } from '../../../shared/config.ts';
import type { ContentFiles } from '../../../cli/content/read.ts';
import { slugify } from '../../../cli/content/slug.ts';
import { fault, type Fault } from './fault.ts';
import { putTogether, setAt, takeApart } from './yaml-edit.ts';

const CLUBS = 'content/data/clubs.yaml';

interface ClubRow {
  index: number;
  id: number;
  name: string;
}

/**
 * Names an editor would consider different that give the same URL slug: case, accents, ligatures,
 * punctuation, "&" for "en", extra spaces, zero-width and direction marks. (Checked in the test:
 * each must slugify to the original's slug, or the case proves nothing.)
 */
export const lookAlikes = (name: string): string[] => [
  name.toUpperCase(),
  name.replace(/e/g, 'é').replace(/a/g, 'à'),
  name.replace(/ /g, '  -  '),
  `${name}!`,
  `'${name}'`,
  name.replace(/ en /gi, ' & ').replace(/ /g, '\u00A0'),
  name.replace(/ss/g, 'ß').replace(/ae/g, 'æ'),
  name.normalize('NFD'),
];

/**
 * Two things that would be published at one path, or one id used twice. Each must give one error
 * that names both sources, so the editor sees which two to tell apart.
 */
export function collisionFaults(config: SiteConfig, content: ContentFiles): fc.Arbitrary<Fault> {
  const text = (path: string) => content.files.find((file) => file.path === path)!.text;
  const clubsData = takeApart(CLUBS, text(CLUBS)).data as Array<{ id: number; name: string }>;
  const clubs: ClubRow[] = clubsData.map((club, index) => ({ index, id: club.id, name: club.name }));
  const withClub = (index: number, field: string, value: unknown) =>
    putTogether({ data: setAt(clubsData, [index, field], value), body: undefined });
  const pair = fc.tuple(fc.constantFrom(...clubs), fc.constantFrom(...clubs)).filter(([a, b]) => a.id !== b.id);
  const items = content.files.filter((file) => /^content\/nl\/(news|events|jobs)\/\d+-/.test(file.path));
  const staticNl = Object.entries(config.routes)
    .map(([name, route]) => [name, route.nl] as const)
    .filter(([, path]) => path !== '/' && /^\/[a-z0-9/-]*$/.test(path));
  const legacy = Object.keys(config.legacy).filter((segment) => /^[a-z0-9-]+$/.test(segment));
  const newsIds = items
    .filter((file) => file.path.includes('/news/'))
    .map((file) => Number(/\/(\d+)-/.exec(file.path)![1]));

  return fc.oneof(
    // Two clubs whose names slugify alike: /verenigingen/{name-slug} would lead to both.
    fc.tuple(pair, fc.nat()).map(([[a, b], pick]) => {
      const variants = lookAlikes(a.name).filter((name) => name !== a.name && slugify(name) === slugify(a.name));
      const name = variants[pick % variants.length] ?? a.name.toUpperCase();
      return fault(
        `club ${b.id} renamed ${JSON.stringify(name)} like club ${a.id}`,
        [[CLUBS, withClub(b.index, 'name', name)]],
        {
          kind: 'error',
          file: CLUBS,
          code: 'ROUTE_COLLISION',
          mentions: [`club ${a.id}`, `club ${b.id}`],
        },
      );
    }),
    // A club named "<id> <name>" of another: its name-slug path is that club's page.
    pair.map(([a, b]) =>
      fault(`club ${b.id} named after club ${a.id}'s page`, [[CLUBS, withClub(b.index, 'name', `${a.id} ${a.name}`)]], {
        kind: 'error',
        file: CLUBS,
        code: 'ROUTE_COLLISION',
        mentions: [`club ${a.id}`, `club ${b.id}`],
      }),
    ),
    // A club's old WordPress path that is another club's id-only path.
    pair.map(([a, b]) =>
      fault(
        `club ${b.id} wpPath /verenigingen/${a.id}/`,
        [[CLUBS, withClub(b.index, 'wpPath', `/verenigingen/${a.id}/`)]],
        {
          kind: 'error',
          file: CLUBS,
          code: 'ROUTE_COLLISION',
          mentions: [`club ${a.id}`, `club ${b.id}`],
        },
      ),
    ),
    // A club's old WordPress path that is a page of the site.
    fc.tuple(fc.constantFrom(...clubs), fc.constantFrom(...staticNl)).map(([club, [route, path]]) =>
      fault(`club ${club.id} wpPath ${path}/`, [[CLUBS, withClub(club.index, 'wpPath', `${path}/`)]], {
        kind: 'error',
        file: CLUBS,
        code: 'ROUTE_COLLISION',
        mentions: [`club ${club.id}`, `content/nl/pages/${route}.md`],
      }),
    ),
    // A club's old WordPress path that is a legacy path of site.config.yaml.
    fc.tuple(fc.constantFrom(...clubs), fc.constantFrom(...legacy)).map(([club, segment]) =>
      fault(`club ${club.id} wpPath /${segment}/`, [[CLUBS, withClub(club.index, 'wpPath', `/${segment}/`)]], {
        kind: 'error',
        file: CLUBS,
        code: 'ROUTE_COLLISION',
        mentions: [`club ${club.id}`, 'site.config.yaml'],
      }),
    ),
    // A club's old WordPress path that is a news article's id-only path.
    fc.tuple(fc.constantFrom(...clubs), fc.constantFrom(...newsIds)).map(([club, id]) => {
      const article = items.find((file) => file.path.startsWith(`content/nl/news/${id}-`))!.path;
      return fault(
        `club ${club.id} wpPath /nieuws/${id}/`,
        [[CLUBS, withClub(club.index, 'wpPath', `/nieuws/${id}/`)]],
        {
          kind: 'error',
          file: CLUBS,
          code: 'ROUTE_COLLISION',
          mentions: [`club ${club.id}`, article],
        },
      );
    }),
    // Two clubs with one id (or one old WordPress id).
    fc.tuple(pair, fc.constantFrom('id', 'wpId')).map(([[a, b], field]) => {
      const value = (clubsData[a.index] as unknown as Record<string, unknown>)[field];
      return fault(`club ${b.id} ${field} = club ${a.id}'s`, [[CLUBS, withClub(b.index, field, value)]], {
        kind: 'error',
        file: CLUBS,
        code: 'CONTENT_DUPLICATE_ID',
      });
    }),
    // A copy of a news article, event or job under another file name: one id, two files. (The
    // long suffix keeps the name under the 255 bytes a file system allows: cli-fuzz writes it.)
    fc
      .tuple(fc.constantFrom(...items), fc.constantFrom('kopie', 'Café', 'cafe', '🎾', 'x'.repeat(150)))
      .map(([item, suffix]) => {
        const copy = item.path.replace(/\.md$/, `-${suffix}.md`);
        // Files are read in path order: the later one is reported, naming the earlier.
        const [first, second] = [item.path, copy].sort();
        return fault(`${item.path} copied to ${copy}`, [[copy, item.text]], {
          kind: 'error',
          file: second!,
          code: 'CONTENT_DUPLICATE_ID',
          mentions: [first!],
        });
      }),
    // Two Dutch items of one collection given the same id.
    fc
      .tuple(fc.constantFrom(...items), fc.constantFrom(...items))
      .filter(([a, b]) => a.path !== b.path && a.path.split('/')[2] === b.path.split('/')[2])
      .map(([a, b]) => {
        const id = (takeApart(a.path, a.text).data as { id: number }).id;
        const parts = takeApart(b.path, b.text);
        const changed = putTogether({ ...parts, data: setAt(parts.data, ['id'], id) });
        const [first, second] = [a.path, b.path].sort();
        return fault(`${b.path} given id ${id} of ${a.path}`, [[b.path, changed]], {
          kind: 'error',
          file: second!,
          code: 'CONTENT_DUPLICATE_ID',
          mentions: [first!],
        });
      }),
  );
}
