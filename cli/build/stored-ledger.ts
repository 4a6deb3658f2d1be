import { closeSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { temporaryPath } from '../images/cache.ts';
import { joinUnder } from './folder-writer.ts';
import { RecentBuilds, type Ledger, type TokenView } from './ledger.ts';

/** In the build's cache folder, beside kept-files.json (./kept-files.ts), whose record is kept the same way. */
const RECORD = 'build-ledger';

/**
 * What a `site build` left for the next one about its folder (`dir`, dist once committed) and the
 * build it linked from (`base`, kept beside it): on its first line, those of `dir`'s paths that are
 * not `base`'s file at the same path (`differ`: written, or linked from elsewhere) and `base`'s
 * paths that `dir` does not have (`gone`; null when `base`'s paths were not known); then every path
 * of `dir`, one a line (780 KB at 4,000 sources, not copied into JSON and out again).
 */
interface Head {
  context: string;
  dir: string;
  base: string | null;
  differ: string[];
  gone: string[] | null;
  /** How many paths follow: a record cut short is not one. */
  count: number;
}

const isHead = (value: unknown): value is Head => {
  const head = value as Partial<Head> | null;
  return (
    typeof head?.context === 'string' &&
    typeof head.dir === 'string' &&
    (head.base === null || typeof head.base === 'string') &&
    Array.isArray(head.differ) &&
    (head.gone === null || Array.isArray(head.gone)) &&
    typeof head.count === 'number'
  );
};

/** The record: its head and dist's paths, or none when there is none or it does not read. */
function readRecord(file: string): { head: Head; paths: string[] } | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const end = text.indexOf('\n');
  let head: unknown;
  try {
    head = JSON.parse(end < 0 ? text : text.slice(0, end));
  } catch {
    return undefined;
  }
  if (!isHead(head)) return undefined;
  const paths = end < 0 || end === text.length - 1 ? [] : text.slice(end + 1).split('\n');
  return paths.length === head.count ? { head, paths } : undefined;
}

/** Written to a name of its own and renamed; each part's text encoded as it is written, not joined first. */
function writeRecord(file: string, head: Head, paths: string[]): void {
  const temporary = temporaryPath(file);
  mkdirSync(dirname(file), { recursive: true });
  const fd = openSync(temporary, 'w');
  try {
    writeSync(fd, `${JSON.stringify(head)}\n`);
    writeSync(fd, paths.join('\n'));
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
}

/** Whether `token` is the token of a link from `dir`'s file at `path` (`${dir}/${path}`), without making that string. */
const linkedFrom = (token: string | undefined, dir: string, path: string) =>
  token !== undefined &&
  token.length === dir.length + 1 + path.length &&
  token.endsWith(path) &&
  token[dir.length] === '/' &&
  token.startsWith(dir);

/** A token no file has: the recycled folder's file at that path is not one to keep. */
const STALE = '\0stale';

/**
 * The folder dist's build linked from, file by file as its record tells: its file at a path is
 * dist's (the token of a link from dist's file there) unless the record says dist's differs or
 * has none there. Its paths: dist's and those gone since, or (`listed`) as found in the folder.
 */
class RecordedBase implements TokenView {
  constructor(
    private readonly dist: string,
    private readonly distPaths: ReadonlySet<string>,
    private readonly differ: ReadonlySet<string>,
    private readonly listed: ReadonlySet<string> | undefined,
  ) {}

  has(path: string): boolean {
    return this.listed ? this.listed.has(path) : this.distPaths.has(path) || this.differ.has(path);
  }

  get(path: string): string | undefined {
    if (!this.has(path)) return undefined;
    return this.differ.has(path) || !this.distPaths.has(path) ? STALE : joinUnder(this.dist, path);
  }

  keys(): Iterable<string> {
    return this.listed ?? [...this.distPaths, ...this.differ];
  }
}

/** Every file's path in `dir` (~13,000 in 58 folders at 4,000 sources: 8-20 ms). */
function filesIn(dir: string): Set<string> {
  const found = new Set<string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder ? `${dir}/${folder}` : dir, { withFileTypes: true })) {
      const path = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else found.add(path);
    }
  };
  walk('');
  return found;
}

/**
 * The build folders of `site build` across processes (issue 21): each build from the stored state
 * (one article edited) leaves a record of its folder (.site/cache/build-ledger), and the next
 * one recycles the folder dist's build linked from, as `site build --watch` does in memory
 * (./ledger.ts, ./output.ts): renamed to be the new build's folder, its files that are dist's left
 * as they are, the others replaced or removed. A one-edit build at 4,000 sources linked ~11,000
 * unchanged files into a fresh folder (~90 ms of link(2) on the main thread) while `rm` removed the
 * old folder's 13,000 beside it.
 *
 * Only while the record is dist's build's, made with the same code, config and tool (`context`),
 * and the folder it linked from is still there as the record tells (its paths listed when the
 * record does not hold them). A build that renders most pages again keeps no ledger (`recycles`),
 * and one whose writers did not note every file (a whole search index made on a worker) leaves no
 * record: the next build links into a fresh folder, as before.
 */
export class StoredBuilds extends RecentBuilds {
  /** dist's paths, from its build's record: what a build that replaces it finds gone. */
  private distPaths: string[] | undefined;
  /** Until the build is known to render few pages: it starts from the stored state (../build-changed.ts). */
  override recycles = false;

  private constructor(
    private readonly file: string,
    private readonly context: string,
  ) {
    super();
  }

  /**
   * The record in `cacheDir` (.site/cache), read when a build starts writing (`recall`): of the
   * last build into any output folder, used when dist is its build. `context`: the build's context digest.
   */
  static of(cacheDir: string, context: string): StoredBuilds {
    return new StoredBuilds(join(cacheDir, RECORD), context);
  }

  override async recall(current: string | undefined): Promise<void> {
    const record = readRecord(this.file);
    if (!record || record.head.dir !== current) return;
    const { head, paths } = record;
    this.distPaths = paths;
    this.latest = { dir: head.dir, tokens: undefined };
    if (head.context !== this.context || head.base === null) return;
    // Its paths unknown to the record (the build before dist's left none): listed.
    let listed: Set<string> | undefined;
    if (head.gone === null) {
      try {
        listed = filesIn(head.base);
      } catch {
        return; // gone: nothing to recycle
      }
    }
    const differ = new Set([...head.differ, ...(head.gone ?? [])]);
    this.before = { dir: head.base, tokens: new RecordedBase(head.dir, new Set(paths), differ, listed) };
  }

  /**
   * The record of the build just committed, for the next one: none when its ledger missed a file
   * (a worker's), or counted other files than its writers (`files`), or dist moved under it.
   */
  override async committed(ledger: Ledger, previous: string | undefined, files: number): Promise<void> {
    await super.committed(ledger, previous, files);
    const { now } = ledger;
    const paths = [...now.keys()];
    // A path with a line break in it could not be told from two in `paths`.
    const whole = ledger.complete && files === now.size && previous === ledger.previous?.dir;
    if (!whole || paths.some((path) => path.includes('\n'))) {
      rmSync(this.file, { force: true });
      return;
    }
    const differ = previous === undefined ? paths : paths.filter((path) => !linkedFrom(now.get(path), previous, path));
    const gone = previous !== undefined && this.distPaths ? this.distPaths.filter((path) => !now.has(path)) : null;
    const head = { context: this.context, dir: ledger.root, base: previous ?? null, differ, gone, count: paths.length };
    writeRecord(this.file, head, paths);
  }
}
