// What the registrations benches (registrations.mjs, serve-start.mjs) start from: the tests' own
// fixture site, event and sign-up, and their databases (the embedded template, a PostgreSQL server).
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const root = resolve(fileURLToPath(import.meta.url), '../..');
/** A TypeScript module of the project, by its path from the project's root. */
export const load = (path) => import(pathToFileURL(join(root, path)).href);
export const { writeFixtureDist, fixtureSite } = await load('tests/serve/helpers/fixture-dist.ts');
export const { eventFacts, signUp } = await load('tests/registrations/helpers/site.ts');
export const { embedded, postgres } = await load('tests/registrations/helpers/databases.ts');
export const { postgresBin } = await load('tests/registrations/helpers/postgres.ts');
