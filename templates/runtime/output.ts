// What the renderer writes into (./render.ts) and the elements write through (./elements.ts).

/** What react-dom/server collects outside the flow of the page and writes into <head> (its preamble). */
export interface Preamble {
  html: string | undefined;
  head: string | undefined;
  body: string | undefined;
  charset: string;
  viewport: string;
  /** Image preloads: the first ten (and any fetchPriority="high") early, the rest after. */
  images: { early: Map<string, string>; late: Map<string, string>; seen: Set<string> };
  hoisted: string;
  /** What <head> holds that stays in its place (scripts, stylesheets without precedence). */
  headContent: string;
  hasHtml: boolean;
  hasBody: boolean;
}

/** The page's flow and its preamble, as an element's start writes into them. */
export interface Output {
  /** The page's flow (React's segment). */
  out: string;
  /** Whether the last thing written was text: two texts in a row get a `<!-- -->` between them. */
  text: boolean;
  readonly preamble: Preamble;
}

export const newPreamble = (): Preamble => ({
  html: undefined,
  head: undefined,
  body: undefined,
  charset: '',
  viewport: '',
  images: { early: new Map(), late: new Map(), seen: new Set() },
  hoisted: '',
  headContent: '',
  hasHtml: false,
  hasBody: false,
});
