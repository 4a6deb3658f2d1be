import { pageId } from '../build-state.ts';
import { PagePrinter } from '../page-prints.ts';
import { renderPage } from '../render.ts';
import type { Problem } from '../../errors/site-error.ts';
import type { PageRoute } from '../../routes/types.ts';
import type { Generation } from './generation.ts';
import type { CardImage } from '../../../templates/lib/share-card.ts';

interface Rendered {
  print: string;
  css: string;
  html: string;
  /** Kept so a page that is gone can still say which paths changed. */
  paths: string[];
  /** The fingerprint last announced in a reload event, so a change is announced once. */
  announced: string;
  /** The page's social card, drawn when its image is asked for. */
  card: CardImage | undefined;
  /** What the template read of the model (shared/model-reads.ts): the page's fingerprint in later generations. */
  reads: string[];
}

export type RenderResult = { ok: true; html: string; print: string } | { ok: false; problem: Problem; print: string };

/**
 * Pages rendered on request, from memory: a page is rendered when it is asked for and its
 * fingerprint (the build's: what its template read last time, cli/build/page-prints.ts) differs
 * from the last rendering. So starting costs no rendering, and a rebuild costs none until a page
 * is asked.
 */
export class SessionPages {
  private generation: Generation | undefined;
  private printer: PagePrinter | undefined;
  private prints = new Map<string, string>();
  private readonly rendered = new Map<string, Rendered>();

  get current(): Generation | undefined {
    return this.generation;
  }

  use(generation: Generation): void {
    if (generation === this.generation) return;
    this.generation = generation;
    this.printer = new PagePrinter(generation.state.model, generation.global);
    this.prints = new Map();
  }

  /**
   * The page's fingerprint in the current generation (without the stylesheet URL): over what it
   * read when it was last rendered; a page never rendered is rendered to know.
   */
  print(page: PageRoute): string {
    const id = pageId(page);
    let print = this.prints.get(id);
    if (print === undefined) {
      const hit = this.rendered.get(id);
      print = hit ? this.printer!.print(page, hit.reads) : this.render(page).print;
      this.prints.set(id, print);
    }
    return print;
  }

  render(page: PageRoute): RenderResult {
    const generation = this.generation!;
    const id = pageId(page);
    const css = generation.assets.css;
    const hit = this.rendered.get(id);
    if (hit && hit.css === css) {
      const print = this.print(page);
      if (hit.print === print) return { ok: true, html: hit.html, print };
    }
    const rendered = renderPage(generation.templates.module, page, { ...generation, model: generation.state.model });
    // On failure, over what it read before it failed: a change to any of it (or to the templates) is worth another try.
    const print = this.printer!.print(page, rendered.reads);
    this.prints.set(id, print);
    if (!rendered.ok) return { ok: false, problem: rendered.problem, print };
    const { html, card, reads } = rendered;
    this.rendered.set(id, { print, css, html, paths: page.paths, announced: print, card, reads });
    return { ok: true, html, print };
  }

  /** The card a page rendered in the current version of the site names (its og:image). */
  card(page: PageRoute, src: string): CardImage | undefined {
    if (!this.render(page).ok) return undefined;
    const card = this.rendered.get(pageId(page))?.card;
    return card?.src === src ? card : undefined;
  }

  /**
   * Whether the page, rendered now, is the very HTML it was when it had fingerprint `shown`:
   * after a template change, a page the change does not touch need not reload. Renders the page
   * (the new rendering is kept, so the reload, if any, costs nothing more).
   */
  unchangedSince(page: PageRoute, shown: string): boolean {
    const before = this.rendered.get(pageId(page));
    if (!before || before.print !== shown) return false;
    const now = this.render(page);
    return now.ok && now.html === before.html;
  }

  /**
   * Paths of pages rendered so far whose fingerprint changed in the current generation (or that
   * are gone): what a reload event names besides the open pages.
   */
  changedPaths(): Set<string> {
    const generation = this.generation!;
    const changed = new Set<string>();
    for (const [id, rendered] of this.rendered) {
      const page = generation.state.index.byId.get(id);
      if (!page) {
        rendered.paths.forEach((path) => changed.add(path));
        this.rendered.delete(id);
      } else if (this.print(page) !== rendered.announced) {
        page.paths.forEach((path) => changed.add(path));
        rendered.announced = this.print(page);
      }
    }
    return changed;
  }
}
