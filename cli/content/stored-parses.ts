import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { z } from 'zod';
import type { Problem } from '../errors/site-error.ts';
import { parseYaml, type YamlSource } from '../source/yaml-source.ts';
import type { RawItem } from './collection-items.ts';
import { frontMatterParts, splitFrontMatter, type MarkdownSource } from './front-matter.ts';
import { markdownLimitProblems } from './markdown-limits.ts';
import type { ParseReuse } from './parse-reuse.ts';

/** A Markdown file's front matter as read, and its Markdown limit problems (issue 11). */
interface StoredFile {
  data: unknown;
  limits: Problem[];
}

interface StoredState {
  /** The tool that wrote it (cli/build/build-state.ts toolStamp): another tool reads afresh. */
  tool: string;
  files: Record<string, StoredFile>;
  /** Data files (strings, clubs, lessons) as read, by path and text: only those read without a problem. */
  yaml: Record<string, unknown>;
  /** Schema results by kind and data: only successes, only of data JSON keeps as it is. */
  schemas: Record<string, unknown>;
}

/** The parts joined by NULs, hashed without making the joined copy of every file's text. */
function keyOf(...parts: string[]): string {
  const hash = createHash('sha1');
  parts.forEach((part, index) => (index ? hash.update('\0') : hash).update(part));
  return hash.digest('base64url');
}

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
 * The build's per-file validation work kept in <root>/.site/cache/parses.json, keyed by each
 * file's path and text: a build after an edit parses the front matter, scans the Markdown and
 * runs the schema of the edited files only (the others' results are read back). Only what read
 * without a problem is kept; a file with a problem is checked afresh every time, so every message
 * comes from the real parser with its line. Checks across files (ids, translations, references)
 * run every time.
 */
export class StoredParses implements ParseReuse {
  private readonly next: StoredState;
  private readonly limits = new WeakMap<MarkdownSource, Problem[]>();
  private readonly pending = new WeakMap<MarkdownSource, { key: string; data: string }>();
  private changed = false;

  private constructor(
    private readonly file: string,
    private readonly stored: StoredState,
  ) {
    this.next = { tool: stored.tool, files: {}, yaml: {}, schemas: {} };
  }

  /** What the last build of this tool kept, or nothing to reuse. */
  static async load(file: string, tool: string): Promise<StoredParses> {
    const text = await readFile(file, 'utf8').catch(() => undefined);
    let stored: StoredState = { tool, files: {}, yaml: {}, schemas: {} };
    try {
      const parsed = text ? (JSON.parse(text) as StoredState) : undefined;
      if (parsed?.tool === tool && parsed.files && parsed.yaml && parsed.schemas) stored = parsed;
    } catch {
      // A torn or foreign file: everything is read afresh.
    }
    return new StoredParses(file, stored);
  }

  frontMatter(text: string, file: string): MarkdownSource | Problem {
    const key = keyOf('md', file, text);
    const kept = this.stored.files[key];
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
      this.next.files[key] = kept;
      return source;
    }
    const split = splitFrontMatter(text, file);
    const clean = !('code' in split) && !split.meta.problems.length && split.meta.partial === undefined;
    // Kept once its limits are known (markdownLimits), as JSON of the data as read now.
    if (clean && jsonExact(split.meta.data)) this.pending.set(split, { key, data: JSON.stringify(split.meta.data) });
    return split;
  }

  /** A data file read back as the last build read it (a fifth of a small build's CPU when parsed again). */
  yaml(text: string, file: string): YamlSource {
    const key = keyOf('yaml', file, text);
    if (key in this.stored.yaml) {
      const data = this.stored.yaml[key];
      this.next.yaml[key] = data;
      let precise: YamlSource | undefined;
      return { file, data, problems: [], lineOf: (path) => (precise ??= parseYaml(text, file)).lineOf(path) };
    }
    const source = parseYaml(text, file);
    if (!source.problems.length && source.partial === undefined && jsonExact(source.data)) {
      this.next.yaml[key] = JSON.parse(JSON.stringify(source.data));
      this.changed = true;
    }
    return source;
  }

  markdownLimits(item: RawItem): Problem[] {
    const kept = this.limits.get(item.source);
    if (kept) return kept;
    const problems = markdownLimitProblems(item);
    const pending = this.pending.get(item.source);
    if (pending) {
      this.next.files[pending.key] = { data: JSON.parse(pending.data), limits: problems };
      this.changed = true;
    }
    return problems;
  }

  schema<T>(kind: string, schema: z.ZodType<T>, data: unknown): z.ZodSafeParseResult<T> {
    if (!jsonExact(data)) return schema.safeParse(data);
    const key = keyOf('schema', kind, JSON.stringify(data));
    if (key in this.stored.schemas) {
      this.next.schemas[key] = this.stored.schemas[key];
      return { success: true, data: structuredClone(this.stored.schemas[key]) as T };
    }
    const result = schema.safeParse(data);
    if (result.success && jsonExact(result.data)) {
      this.next.schemas[key] = result.data;
      this.changed = true;
    }
    return result;
  }

  /** Keeps what this run used (and nothing else): written whole, renamed into place. */
  async save(): Promise<void> {
    const dropped =
      Object.keys(this.stored.files).length !== Object.keys(this.next.files).length ||
      Object.keys(this.stored.yaml).length !== Object.keys(this.next.yaml).length ||
      Object.keys(this.stored.schemas).length !== Object.keys(this.next.schemas).length;
    if (!this.changed && !dropped) return;
    await mkdir(dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(this.next));
    await rename(temporary, this.file);
  }
}
