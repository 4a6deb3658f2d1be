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

interface StoredState {
  /** The tool that wrote it (cli/build/build-state.ts toolStamp): another tool reads afresh. */
  tool: string;
  files: Record<string, StoredFile>;
  /** Data files (strings, clubs, lessons) as read, by path and text: only those read without a problem. */
  yaml: Record<string, unknown>;
  /**
   * Schema results by kind and data (or the files it is made of): only successes, only of data
   * JSON keeps as it is. Each as its JSON text: every answer given out is a fresh object parsed
   * from it (the caller may change it), at half the cost of a structured clone of the object.
   */
  schemas: Record<string, string>;
}

/**
 * The store is cut in this many files by each key's first character: an edit changes a key or
 * two, and only their files are written again (the whole store, 2.8 MB at 4,000 articles, was
 * stringified and written after every edit; issue 21).
 */
const SHARDS = 16;
const shardOf = (key: string) => key.charCodeAt(0) % SHARDS;
const emptyState = (tool: string): StoredState => ({ tool, files: {}, yaml: {}, schemas: {} });
const shardFile = (dir: string, shard: number) => join(dir, `${shard}.json`);

/**
 * The parts joined by NULs, hashed. Short parts (a file stands for itself by its hash): Node's
 * one-shot `hash` costs half a `createHash` object's set-up, which was most of a key's cost.
 */
const keyOf = (...parts: string[]): string => hash('sha1', parts.join('\0'), 'base64url');

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
  private readonly next: StoredState[];
  private readonly limits = new WeakMap<MarkdownSource, Problem[]>();
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
    private readonly stored: StoredState[],
  ) {
    this.next = stored.map(({ tool }) => emptyState(tool));
  }

  /** What the last build of this tool kept, or nothing to reuse (shard by shard). */
  static async load(dir: string, tool: string): Promise<StoredParses> {
    const stored = await Promise.all(
      Array.from({ length: SHARDS }, async (_, shard) => {
        const text = await readFile(shardFile(dir, shard), 'utf8').catch(() => undefined);
        try {
          const parsed = text ? (JSON.parse(text) as StoredState) : undefined;
          if (parsed?.tool === tool && parsed.files && parsed.yaml && parsed.schemas) return parsed;
        } catch {
          // A torn or foreign file: its entries are read afresh.
        }
        return emptyState(tool);
      }),
    );
    return new StoredParses(dir, stored);
  }

  frontMatter(read: SourceFile): MarkdownSource | Problem {
    const { path: file, text } = read;
    const key = keyOf('md', file, contentHash(read));
    const shard = shardOf(key);
    const kept = this.stored[shard]!.files[key];
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
      if (typeof kept.body === 'string') this.markdownKeys.set(parts.body, kept.body);
      this.next[shard]!.files[key] = kept;
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
    const shard = shardOf(key);
    if (key in this.stored[shard]!.yaml) {
      const data = this.stored[shard]!.yaml[key];
      this.next[shard]!.yaml[key] = data;
      let precise: YamlSource | undefined;
      return { file, data, problems: [], lineOf: (path) => (precise ??= parseYaml(text, file)).lineOf(path) };
    }
    const source = parseYaml(text, file);
    if (!source.problems.length && source.partial === undefined && jsonExact(source.data)) {
      this.next[shard]!.yaml[key] = JSON.parse(JSON.stringify(source.data));
      this.changed.add(shard);
    }
    return source;
  }

  markdownLimits(item: RawItem): Problem[] {
    const kept = this.limits.get(item.source);
    if (kept) return kept;
    const problems = markdownLimitProblems(item);
    const pending = this.pending.get(item.source);
    if (pending) {
      const shard = shardOf(pending.key);
      const body = markdownKeyOf(item.source.body);
      this.markdownKeys.set(item.source.body, body);
      this.next[shard]!.files[pending.key] = { data: JSON.parse(pending.data), limits: problems, body };
      this.changed.add(shard);
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
    const shard = shardOf(key);
    const stored = this.stored[shard]!.schemas;
    const kept = stored[key];
    if (typeof kept === 'string') {
      this.next[shard]!.schemas[key] = kept;
      return { success: true, data: JSON.parse(kept) as T };
    }
    const result = work();
    if (result.success && jsonExact(result.data)) {
      this.next[shard]!.schemas[key] = JSON.stringify(result.data);
      this.changed.add(shard);
    }
    return result;
  }

  /** Keeps what this run used (and nothing else): each shard that differs written whole, renamed into place. */
  async save(): Promise<void> {
    const size = (state: StoredState) =>
      [state.files, state.yaml, state.schemas].map((entries) => Object.keys(entries).length).join();
    const differing = this.next.flatMap((next, shard) =>
      this.changed.has(shard) || size(next) !== size(this.stored[shard]!) ? [shard] : [],
    );
    if (!differing.length) return;
    await mkdir(this.dir, { recursive: true });
    await Promise.all(
      differing.map((shard) => writeAtomic(shardFile(this.dir, shard), JSON.stringify(this.next[shard]))),
    );
  }
}
