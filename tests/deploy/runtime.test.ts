import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createRequire } from 'node:module';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { buildFunctions } from '../../cli/build/functions.ts';
import {
  chooseNodeRuntime,
  firebaseRuntimes,
  runtimeRefusal,
  type RuntimeTable,
} from '../../cli/build/firebase-runtime.ts';
import { readDeployDist, runtimeProblems } from '../../cli/deploy/checks.ts';
import { fixtureRedirects, fixtureSite, writeFixtureDist, type FixtureDist } from '../serve/helpers/fixture-dist.ts';
import { FolderWriter } from '../../cli/build/folder-writer.ts';

/**
 * The functions runtime the build writes must be one the pinned firebase-tools deploys. The
 * judge is firebase-tools' own code (its runtime table and the guard `firebase deploy` runs),
 * not ours: this fails when the build asks for a runtime firebase-tools refuses, as Node.js 20
 * was refused from 2026-10-30.
 */
const require = createRequire(import.meta.url);
const supported = require('firebase-tools/lib/deploy/functions/runtimes/supported') as {
  isRuntime(name: string): boolean;
  guardVersionSupport(name: string, now?: Date): void;
};
const { getRuntimeChoice } =
  require('firebase-tools/lib/deploy/functions/runtimes/node/parseRuntimeAndValidateSDK') as {
    getRuntimeChoice(dir: string, fromConfig?: string): string;
  };

let dist: FixtureDist;
let runtime: string;
beforeAll(async () => {
  dist = await writeFixtureDist();
  await buildFunctions({
    root: resolve('.'),
    output: new FolderWriter(dist.dir),
    redirects: fixtureRedirects,
    site: fixtureSite,
    scriptHashes: [],
  });
  runtime =
    (JSON.parse(await readFile(join(dist.dir, 'firebase.json'), 'utf8')) as { functions: Array<{ runtime: string }> })
      .functions[0]?.runtime ?? '';
});
afterAll(() => dist?.remove());

describe('the functions runtime of the build', () => {
  test('is one the pinned firebase-tools deploys today (its own guard passes)', () => {
    expect(supported.isRuntime(runtime)).toBe(true);
    expect(() => supported.guardVersionSupport(runtime)).not.toThrow();
  });

  test('firebase.json and functions/package.json (engines) name the same one, as firebase-tools reads them', () => {
    const functionsDir = join(dist.dir, 'functions');
    expect(getRuntimeChoice(functionsDir, runtime)).toBe(runtime);
    expect(getRuntimeChoice(functionsDir, undefined)).toBe(runtime);
  });

  test('Node.js 20, which the build used to ask for, is refused by firebase-tools and by site deploy --check', async () => {
    expect(() => supported.guardVersionSupport('nodejs20', new Date('2026-11-26'))).toThrow(
      'Runtime Node.js 20 was decommissioned on 2026-10-30',
    );
    const config = JSON.parse(await readFile(join(dist.dir, 'firebase.json'), 'utf8')) as {
      functions: Array<{ runtime: string }>;
    };
    await writeFile(
      join(dist.dir, 'firebase.json'),
      JSON.stringify({ ...config, functions: [{ ...config.functions[0], runtime: 'nodejs20' }] }),
    );
    try {
      const problems = runtimeProblems(
        await readDeployDist(dist.dir),
        firebaseRuntimes() as RuntimeTable,
        new Date('2026-11-26'),
      );
      expect(problems.map((p) => [p.code, p.message])).toEqual([
        [
          'DEPLOY_RUNTIME_REFUSED',
          'firebase.json asks for nodejs20: Node.js 20 was decommissioned on 2026-10-30 (firebase-tools deploys nodejs22, nodejs24).',
        ],
      ]);
    } finally {
      await writeFile(join(dist.dir, 'firebase.json'), JSON.stringify(config));
    }
  });
});

describe("choosing from firebase-tools' table", () => {
  const table: RuntimeTable = {
    nodejs18: {
      friendly: 'Node.js 18',
      status: 'deprecated',
      deprecationDate: '2025-04-30',
      decommissionDate: '2025-10-30',
    },
    nodejs20: { friendly: 'Node.js 20', status: 'GA', deprecationDate: '2026-04-30', decommissionDate: '2026-10-30' },
    nodejs22: { friendly: 'Node.js 22', status: 'GA', deprecationDate: '2027-04-30', decommissionDate: '2028-10-31' },
    nodejs24: { friendly: 'Node.js 24', status: 'GA', deprecationDate: '2028-04-30', decommissionDate: '2028-10-31' },
    nodejs26: {
      friendly: 'Node.js 26',
      status: 'experimental',
      deprecationDate: '2030-04-30',
      decommissionDate: '2030-10-31',
    },
    python312: { friendly: 'Python 3.12', status: 'GA', deprecationDate: '2028-10-02', decommissionDate: '2029-04-02' },
  };

  test.each([
    ['2026-01-15', 'nodejs20'], // the oldest not yet deprecated
    ['2026-05-01', 'nodejs22'], // 20 deprecated (still deployable, but not chosen)
    ['2026-11-26', 'nodejs22'], // 20 decommissioned
    ['2027-05-01', 'nodejs24'],
    ['2028-05-01', 'nodejs24'], // every one deprecated: the newest still deployable
  ])('on %s: %s', (date, expected) => {
    expect(chooseNodeRuntime(table, new Date(date))).toBe(expected);
  });

  test('none left: an error that says to update firebase-tools', () => {
    expect(() => chooseNodeRuntime(table, new Date('2029-01-01'))).toThrow(
      'firebase-tools deploys no Node.js runtime on 2029-01-01: update firebase-tools',
    );
  });

  test.each([
    ['nodejs22', '2026-11-26', undefined],
    ['nodejs20', '2026-05-01', undefined],
    [
      'nodejs18',
      '2026-11-26',
      'Node.js 18 was decommissioned on 2025-10-30 (firebase-tools deploys nodejs22, nodejs24)',
    ],
    ['nodejs26', '2026-11-26', 'Node.js 26 is experimental (firebase-tools deploys nodejs22, nodejs24)'],
    [
      'nodejs21',
      '2026-11-26',
      '"nodejs21" is not a runtime firebase-tools knows (firebase-tools deploys nodejs22, nodejs24)',
    ],
  ])('%s on %s: %s', (name, date, refusal) => {
    expect(runtimeRefusal(name, table, new Date(date))).toBe(refusal);
  });

  test('the real table is read from the installed firebase-tools', () => {
    expect(Object.keys(firebaseRuntimes() ?? {})).toEqual(expect.arrayContaining(['nodejs20', 'nodejs22']));
    expect(firebaseRuntimes(join(dist.dir))).toBeUndefined();
  });
});
