import { renderMarkdown } from '../../content/markdown.ts';
import type { MarkdownRenderer } from '../../content/model.ts';
import type { ValidContent } from '../../content/validate.ts';
import { markdownStage } from '../content-stages.ts';
import type { MarkdownAhead } from '../markdown-stage.ts';
import type { StageTimer } from '../timings.ts';
import { WorkerPool } from '../worker-pool.ts';

/**
 * Markdown to HTML, each text rendered once per dev session. Keyed by the text itself: V8 keeps
 * a string's hash in the string, so the 8,000 lookups of a full rebuild of unchanged texts are
 * cheap, where hashing their bytes (as the build's file cache does) would cost tens of ms.
 */
export class MarkdownMemo {
  private readonly known = new Map<string, string>();
  private readonly render: MarkdownRenderer;
  private rest: (() => Promise<void>) | undefined;

  /**
   * `render` may be the build's cached renderer (renderSiteMarkdown's html), seeded at start: the
   * bodies it has in shared memory are read from there (`shared`), not made strings to keep here;
   * `rest`, what is left of that stage (../markdown-stage.ts `finish`).
   */
  constructor(render: MarkdownRenderer = renderMarkdown, rest?: () => Promise<void>) {
    this.render = render;
    this.rest = rest;
    if (render.shared) this.html.shared = render.shared;
  }

  /** What is left of the Markdown stage that seeded this memo (its bodies from the workers, its cache saved), once. */
  async finish(timer: StageTimer): Promise<void> {
    const rest = this.rest;
    this.rest = undefined;
    if (rest) await timer.run('bodies', rest);
  }

  readonly html: MarkdownRenderer = (markdown: string): string => {
    let html = this.known.get(markdown);
    if (html === undefined) {
      html = this.render(markdown);
      this.known.set(markdown, html);
    }
    return html;
  };
}

/**
 * A session's memo at its first full check: the build's Markdown stage (its cache, its workers,
 * the parses' keys `keys`), then each text rendered once. The stage's rest is the memo's `finish`.
 */
export async function seededMemo(
  run: {
    root: string;
    timer: StageTimer;
    pool: WorkerPool | undefined;
    ahead: MarkdownAhead | undefined;
    keys: ReadonlyMap<string, string> | undefined;
  },
  content: ValidContent | undefined,
  files: number,
): Promise<MarkdownMemo> {
  if (!content) return new MarkdownMemo();
  const pool = run.pool ?? WorkerPool.forSite(files);
  try {
    const stage = await markdownStage(run.timer, run.root, content, pool, run.ahead, run.keys);
    return new MarkdownMemo(stage.html, stage.finish);
  } finally {
    if (pool !== run.pool) await pool?.close();
  }
}
