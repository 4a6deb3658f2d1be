import { hash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import type { Problem } from '../errors/site-error.ts';
import { writeAtomic } from '../images/cache.ts';
import { parseYaml, type YamlSource } from '../source/yaml-source.ts';
import type { RawItem } from './collection-items.ts';
import { frontMatterParts, splitFrontMatter, type MarkdownSource } from './front-matter.ts';
import { markdownLimitProblems } from './markdown-limits.ts';
import type { ParseReuse } from './parse-reuse.ts';
import { contentHash } from './content-hash.ts';
import { markdownKeyOf } from './markdown-key.ts';
import type { SourceFile } from './read.ts';

/** A Markdown file's front matter as read, its Markdown limit problems (issue 11) and its body's Markdown key. */
interface StoredFile {
  data: unknown;
  limits: Problem[];
  body: string;
}

/**
 * A shard's entries by key, each as its JSON text. Keys name their kind: `md:` a Markdown file
 * (a StoredFile), `yaml:` a data file as read (only one read without a problem), `schema:` and
 * `schema-of:` a schema's result by kind and data or by the files it is made of (only successes,
 * only of data JSON keeps as it is). Each value stays text from the file it was read from to the
 * file written: what is given out is a fresh object parsed from it (the caller may change it), and
 * a kept entry is written back as it was read, without being parsed or stringified again
 * (issue 21: the store's JSON made, parsed and made again; a kept build at 4,000 sources 0.09 s
 * shorter without it, bench/RESULTS.md valid25).
 */
type Shard = Map<string, string>;

/**
 * The store is cut in this many files by the first character of each key's hash: an edit changes a key or
 * two, and only their files are written again (the whole store, 2.8 MB at 4,000 articles, was
 * stringified and written after every edit; issue 21).
 */
const SHARDS = 16;
const shardOf = (key: string) => key.charCodeAt(key.indexOf(':') + 1) % SHARDS;
const shardFile = (dir: string, shard: number) => join(dir, `${shard}.json`);

/**
 * A shard's file: a JSON object, its tool first and then one entry a line (JSON's own text has no
 * line break), `}` alone on the last. Read line by line, each entry's text taken as it stands.
 */
const opening = (tool: string) => `{"tool":${JSON.stringify(tool)}`;
const shardText = (tool: string, shard: Shard) =>
  `${opening(tool)}${Array.from(shard, ([key, value]) => `\n,"${key}":${value}`).join('')}\n}\n`;

/** A shard's entries, or none for another tool's file or a torn one. */
function shardEntries(text: string | undefined, tool: string): Shard {
  const shard: Shard = new Map();
  if (!text?.endsWith('\n}\n')) return shard;
  const lines = text.split('\n');
  if (lines[0] !== opening(tool)) return shard;
  for (let index = 1; index < lines.length - 2; index++) {
    const line = lines[index]!;
    const end = line.indexOf('"', 2);
    shard.set(line.slice(2, end), line.slice(end + 2));
  }
  return shard;
}

/** An entry's value, or nothing when its text is not JSON (a damaged file). */
function parsed<T>(text: string | undefined): T | undefined {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/**
 * The parts joined by NULs, hashed, after the entry's kind. Short parts (a file stands for itself
 * by its hash): Node's one-shot `hash` costs half a `createHash` object's set-up, which was most
 * of a key's cost.
 */
const keyOf = (kind: string, ...parts: string[]): string =>
  `${kind}:${hash('sha1', [kind, ...parts].join('\0'), 'base64url')}`;

/** Data that comes back from JSON exactly as it went in: plain objects, arrays, text, finite numbers, booleans, null. */
function jsonExact(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(jsonExact);
  if (typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && Object.values(value).every(jsonExact);
}

/**
 * The build's per-file validation work kept in <root>/.site/cache/parses/ (SHARDS files), keyed by
 * each file's path and the hash of its text (./content-hash.ts): a build after an edit parses the front matter, scans the Markdown and
 * runs the schema of the edited files only (the others' results are read back). Only what read
 * without a problem is kept; a file with a problem is checked afresh every time, so every message
 * comes from the real parser with its line. Checks across files (ids, translations, references)
 * run every time. Each entry stands for its key alone, so shards of different builds mix safely.
 */
export class StoredParses implements ParseReuse {
  private readonly next: Shard[] = Array.from({ length: SHARDS }, () => new Map());
  private readonly limits = new WeakMap<MarkdownSource, Problem[]>();
  /** A new front matter's key and its data's JSON as read (kept once its limits are known: markdownLimits). */
  private readonly pending = new WeakMap<MarkdownSource, { key: string; data: string }>();
  /** Shards given an entry the last build did not keep. */
  private readonly changed = new Set<number>();
  /**
   * The Markdown key (./markdown-key.ts) of each body read through this, by its text: the
   * Markdown stage takes them from here instead of hashing every body again (issue 21).
   */
  readonly markdownKeys = new Map<string, string>();
  /** The key of each front matter read through this: its file's path and text in one. */
  private readonly fileKeys = new WeakMap<MarkdownSource, string>();

  private constructor(
    private readonly dir: string,
    private readonly tool: string,
    private readonly stored: Shard[],
  ) {}

  /** What the last build of this tool kept, or nothing to reuse (shard by shard). */
  static async load(dir: string, tool: string): Promise<StoredParses> {
    const stored = await Promise.all(
      Array.from({ length: SHARDS }, async (_, shard) =>
        shardEntries(await readFile(shardFile(dir, shard), 'utf8').catch(() => undefined), tool),
      ),
    );
    return new StoredParses(dir, tool, stored);
  }

  /** The value kept under `key` (a fresh object), kept for the next build too; nothing when there is none. */
  private kept<T>(key: string): T | undefined {
    const shard = shardOf(key);
    const text = this.stored[shard]!.get(key);
    const value = parsed<T>(text);
    if (value !== undefined) this.next[shard]!.set(key, text!);
    return value;
  }

  private keep(key: string, text: string): void {
    const shard = shardOf(key);
    this.next[shard]!.set(key, text);
    this.changed.add(shard);
  }

  frontMatter(read: SourceFile): MarkdownSource | Problem {
    const { path: file, text } = read;
    const key = keyOf('md', file, contentHash(read));
    const kept = this.kept<StoredFile>(key);
    const parts = kept && frontMatterParts(text);
    if (kept && parts) {
      let precise: YamlSource | undefined;
      const meta: YamlSource = {
        file,
        data: kept.data,
        problems: [],
        lineOf: (path) => (precise ??= parseYaml(parts.yaml, file, 1)).lineOf(path),
      };
      const source = { meta, body: parts.body, bodyLine: parts.bodyLine };
      this.limits.set(source, kept.limits);
      this.fileKeys.set(source, key);
      this.markdownKeys.set(parts.body, kept.body);
      return source;
    }
    const split = splitFrontMatter(text, file);
    const clean = !('code' in split) && !split.meta.problems.length && split.meta.partial === undefined;
    if (clean) this.fileKeys.set(split, key);
    // Kept once its limits are known (markdownLimits), as JSON of the data as read now.
    if (clean && jsonExact(split.meta.data)) this.pending.set(split, { key, data: JSON.stringify(split.meta.data) });
    return split;
  }

  /** A data file read back as the last build read it (a fifth of a small build's CPU when parsed again). */
  yaml(read: SourceFile): YamlSource {
    const { path: file, text } = read;
    const key = keyOf('yaml', file, contentHash(read));
    const kept = this.kept<unknown>(key);
    if (kept !== undefined) {
      let precise: YamlSource | undefined;
      return {
        file,
        data: kept,
        problems: [],
        lineOf: (path) => (precise ??= parseYaml(text, file)).lineOf(path),
      };
    }
    const source = parseYaml(text, file);
    if (!source.problems.length && source.partial === undefined && jsonExact(source.data))
      this.keep(key, JSON.stringify(source.data));
    return source;
  }

  markdownLimits(item: RawItem): Problem[] {
    const kept = this.limits.get(item.source);
    if (kept) return kept;
    const problems = markdownLimitProblems(item);
    const pending = this.pending.get(item.source);
    if (pending) {
      const body = markdownKeyOf(item.source.body);
      this.markdownKeys.set(item.source.body, body);
      this.keep(pending.key, `{"limits":${JSON.stringify(problems)},"body":"${body}","data":${pending.data}}`);
    }
    return problems;
  }

  schema<T>(kind: string, schema: z.ZodType<T>, data: unknown): z.ZodSafeParseResult<T> {
    if (!jsonExact(data)) return schema.safeParse(data);
    return this.answer(keyOf('schema', kind, JSON.stringify(data)), () => schema.safeParse(data));
  }

  /**
   * By the files' keys when each was read through this (its data a function of its text): an
   * item's data is neither merged with its original (a translation) nor its JSON taken and
   * hashed again (issue 21: ~10-15 ms of an edit build at 4,000 sources).
   */
  schemaOf<T>(kind: string, schema: z.ZodType<T>, files: MarkdownSource[], data: () => unknown) {
    const keys = files.map((file) => this.fileKeys.get(file));
    if (keys.some((key) => key === undefined)) return this.schema(kind, schema, data());
    return this.answer(keyOf('schema-of', kind, ...(keys as string[])), () => schema.safeParse(data()));
  }

  /** The kept answer under `key`, or the one worked out, kept when it succeeded (only JSON that comes back as it went). */
  private answer<T>(key: string, work: () => z.ZodSafeParseResult<T>): z.ZodSafeParseResult<T> {
    const kept = this.kept<T>(key);
    if (kept !== undefined) return { success: true, data: kept };
    const result = work();
    if (result.success && jsonExact(result.data)) this.keep(key, JSON.stringify(result.data));
    return result;
  }

  /** Keeps what this run used (and nothing else): each shard that differs written whole, renamed into place. */
  async save(): Promise<void> {
    const differing = this.next.flatMap((next, shard) =>
      this.changed.has(shard) || next.size !== this.stored[shard]!.size ? [shard] : [],
    );
    if (!differing.length) return;
    await mkdir(this.dir, { recursive: true });
    await Promise.all(
      differing.map((shard) => writeAtomic(shardFile(this.dir, shard), shardText(this.tool, this.next[shard]!))),
    );
  }
}
