import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { availableParallelism } from 'node:os';
import { problem, SiteError } from '../errors/site-error.ts';

/** What Pagefind is asked to read of a page (its service's names for PAGEFIND_OPTIONS). */
export interface PagefindOptions {
  rootSelector: string;
  excludeSelectors: string[];
}

interface Answer {
  type: string;
  message?: string;
  index_id?: number;
}

/** Bytes of messages written to a Pagefind process and not yet read by it, beyond which the next page waits. */
const QUEUED_BYTES = 256 * 1024;

const failure = (message: string) => new SiteError([problem('SEARCH_INDEX_FAILED', { problem: message })]);

/** The Pagefind binary of this platform, found as the pagefind package finds it (and its *_BINARY_PATH overrides). */
async function pagefindBinary(): Promise<string> {
  const { resolveBinaryPath } = (await import(new URL('./resolveBinary.js', import.meta.resolve('pagefind')).href)) as {
    resolveBinaryPath(names: string[]): string;
  };
  return resolveBinaryPath(['pagefind_extended', 'pagefind']);
}

/**
 * One `pagefind --service` process, spoken to as the pagefind package does (base64 JSON messages
 * ended by a comma, answered in order), but one of several: the package keeps a single process
 * per Node process, and Pagefind answers one message at a time, on one core.
 */
class PagefindProcess {
  private readonly child: ChildProcessByStdio<Writable, Readable, null>;
  private readonly waiting = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();
  private lastId = 0;
  private partial: string[] = [];
  private readonly waitingToSend: Array<() => void> = [];
  private stopped: SiteError | undefined;
  /** Pages sent and not yet indexed: where the next shard goes. */
  queued = 0;

  constructor(binary: string) {
    this.child = spawn(binary, ['--service'], { stdio: ['pipe', 'pipe', 'inherit'], windowsHide: true });
    this.child.stdout.setEncoding('latin1');
    this.child.stdout.on('data', (chunk: string) => this.receive(chunk));
    this.child.on('error', (error) => this.stop(error.message));
    this.child.stdin.on('error', (error) => this.stop(error.message));
    this.child.stdin.on('drain', () => this.wakeSenders());
    this.child.on('exit', (code, signal) => this.stop(`Pagefind stopped (${signal ?? `exit code ${code}`})`));
  }

  /**
   * One index of these pages, written by Pagefind into `folder` (not sent back: the script, styles
   * and WebAssembly of every shard, in base64, were a megabyte a shard for this thread to decode),
   * their search input made (read) only when they are sent.
   */
  async index<P extends { url: string }>(
    options: PagefindOptions,
    pages: readonly P[],
    input: (page: P) => string,
    folder: string,
  ): Promise<void> {
    this.queued += pages.length;
    try {
      // Asked now, answered once the shards before it are done: the pages are read meanwhile.
      const created = this.ask({
        type: 'NewIndex',
        config: { root_selector: options.rootSelector, exclude_selectors: options.excludeSelectors },
      });
      const { index_id } = await created;
      // Sent without waiting for each answer (Pagefind reads its input in order, the index is the
      // same), each page read when Pagefind has nearly taken the pages before it: pages queued
      // on its input live long enough to reach the old generation, where they stay until a full
      // garbage collection (a shard's pages sent at once were 100 MB of the build's peak heap).
      const added: Array<Promise<Answer>> = [];
      for (const page of pages) {
        await this.taken();
        if (this.stopped) break; // told by the WriteFiles below
        const asked = this.ask({ type: 'AddFile', index_id, url: page.url, file_contents: input(page) });
        asked.catch(() => undefined); // told by Promise.all below
        added.push(asked);
      }
      const written = this.ask({ type: 'WriteFiles', index_id, output_path: folder });
      written.catch(() => undefined); // a refused page is the error told
      await Promise.all(added);
      await written;
    } finally {
      this.queued -= pages.length;
    }
  }

  close(): void {
    this.stopped ??= failure('Pagefind was closed');
    this.wakeSenders();
    this.child.stdin.end(); // at the end of its input Pagefind exits
  }

  /** Resolves once fewer than QUEUED_BYTES of messages wait to be read by Pagefind (or it stopped). */
  private async taken(): Promise<void> {
    while (!this.stopped && this.child.stdin.writableLength > QUEUED_BYTES)
      await new Promise<void>((wake) => this.waitingToSend.push(wake));
  }

  private wakeSenders(): void {
    for (const wake of this.waitingToSend.splice(0)) wake();
  }

  private ask(payload: Record<string, unknown>): Promise<Answer> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = ++this.lastId;
    const answer = new Promise<Answer>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    this.child.stdin.write(`${Buffer.from(JSON.stringify({ message_id: id, payload })).toString('base64')},`);
    return answer;
  }

  private receive(chunk: string): void {
    let start = 0;
    for (let end = chunk.indexOf(','); end >= 0; end = chunk.indexOf(',', start)) {
      this.partial.push(chunk.slice(start, end));
      start = end + 1;
      const message = this.partial.join('');
      this.partial = [];
      this.answer(
        JSON.parse(Buffer.from(message, 'base64').toString('utf8')) as { message_id?: number; payload: Answer },
      );
    }
    if (start < chunk.length) this.partial.push(chunk.slice(start));
  }

  private answer({ message_id, payload }: { message_id?: number; payload: Answer }): void {
    const waiting = message_id === undefined ? undefined : this.waiting.get(message_id);
    if (!waiting) {
      // An answer to no question: Pagefind could not read a message, and every later answer is in doubt.
      if (payload.type === 'Error') this.stop(payload.message ?? 'a message Pagefind could not read');
      return;
    }
    this.waiting.delete(message_id!);
    if (payload.type === 'Error') waiting.reject(failure(payload.message ?? 'Pagefind refused a page'));
    else waiting.resolve(payload);
  }

  private stop(message: string): void {
    this.stopped ??= failure(message);
    this.wakeSenders();
    for (const { reject } of this.waiting.values()) reject(this.stopped);
    this.waiting.clear();
  }
}

/**
 * Pagefind processes for one build's shards, started as shards come: a shard goes to an idle
 * process, else to a new one while there are fewer than the machine's cores, else to the one
 * with the fewest pages waiting. Each process makes its shards one after another, so the search
 * stage uses every core rather than one (bench/RESULTS.md, issue 21).
 */
export class PagefindService {
  private readonly processes: PagefindProcess[] = [];
  private binary: Promise<string> | undefined;

  constructor(
    private readonly options: PagefindOptions,
    /** Processes at most. */
    readonly most = availableParallelism(),
  ) {}

  async index<P extends { url: string }>(
    pages: readonly P[],
    input: (page: P) => string,
    folder: string,
  ): Promise<void> {
    this.binary ??= pagefindBinary();
    const binary = await this.binary.catch((error: unknown) => {
      throw failure(error instanceof Error ? error.message : String(error));
    });
    let chosen = this.processes.find((one) => one.queued === 0);
    if (!chosen && this.processes.length < this.most) {
      chosen = new PagefindProcess(binary);
      this.processes.push(chosen);
    }
    chosen ??= this.processes.reduce((least, one) => (one.queued < least.queued ? one : least));
    return chosen.index(this.options, pages, input, folder);
  }

  close(): void {
    for (const one of this.processes) one.close();
  }
}
