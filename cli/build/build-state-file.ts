import type { CardImage, CardRequest } from '../../templates/lib/share-card.ts';
import type { Problem } from '../errors/site-error.ts';

/** Kept in every build folder: what it was built from, to skip or reuse work next time (its text: below). */
export interface BuildState {
  version: 6;
  /** Digest of every input; equal digests mean an identical site. */
  digest: string;
  /** Page (key|locale) to the fingerprint of what it was rendered from (cli/build/page-prints.ts). */
  pages: Record<string, string>;
  /** Page to what its template read of the model while it rendered (shared/model-reads.ts). */
  reads: Record<string, string[]>;
  /** The warnings of that build, repeated when the next build has nothing to do. */
  warnings: Problem[];
  /** CSP hashes of inline scripts by page, for the pages that have any (reused pages keep theirs). */
  scriptHashes: Record<string, string[]>;
  /** The social card of each page (reused pages keep theirs; issue 23). */
  cards: Record<string, CardImage>;
}

/**
 * build-state.json as written: one line of JSON (the state but its cards, and the cards' pages in
 * order), then one line a card: `key<TAB>src<TAB>` and the rest of it as JSON. An edit build at
 * 4,000 sources reads every card of the last build and writes them again, but looks at the rest
 * (what the card shows) only to draw one missing from the cache: parsed whole, the 4,488 cards'
 * objects were ~12 ms of every edit's head and their stringify ~12 ms of its tail (issue 21).
 */
interface Head extends Omit<BuildState, 'version' | 'cards'> {
  version: 6;
  /** The pages of the card lines, in their order. */
  cards: string[];
}

type CardRest = Pick<CardImage, 'width' | 'height' | 'alt' | 'request'>;

/** A card of the last build: its name and key at hand, the rest parsed when first asked for. */
class StoredCard implements CardImage {
  private parsed: CardRest | undefined;

  constructor(
    readonly key: string,
    readonly src: string,
    /** The card's line in the file it came from, written again as it is. */
    readonly line: string,
    private readonly restAt: number,
  ) {}

  private get rest(): CardRest {
    this.parsed ??= JSON.parse(this.line.slice(this.restAt)) as CardRest;
    return this.parsed;
  }

  get width(): number {
    return this.rest.width;
  }

  get height(): number {
    return this.rest.height;
  }

  get alt(): string {
    return this.rest.alt;
  }

  get request(): CardRequest {
    return this.rest.request;
  }
}

const cardLine = (card: CardImage): string =>
  card instanceof StoredCard
    ? card.line
    : `${card.key}\t${card.src}\t${JSON.stringify({ width: card.width, height: card.height, alt: card.alt, request: card.request } satisfies CardRest)}`;

/** The text of build-state.json. */
export function stateText(state: Omit<BuildState, 'version'>): string {
  const { cards, ...rest } = state;
  const pages = Object.keys(cards);
  let text = `${JSON.stringify({ version: 6, ...rest, cards: pages } satisfies Head)}\n`;
  for (const page of pages) text += `${cardLine(cards[page]!)}\n`;
  return text;
}

/**
 * The state in build-state.json's text; undefined when it is not whole or of another version (the
 * build then renders every page, as with no state). The previous version (one JSON object) is read
 * as it was, so the first build of this tool still reuses the pages of the last.
 */
export function parseState(text: string): BuildState | undefined {
  const headEnd = text.indexOf('\n');
  const parsed = JSON.parse(headEnd < 0 ? text : text.slice(0, headEnd)) as { version?: unknown } | null;
  if (parsed?.version === 5)
    return headEnd < 0 ? { ...(parsed as Omit<BuildState, 'version'>), version: 6 } : undefined;
  const head = parsed as Head | null;
  if (head?.version !== 6 || !Array.isArray(head.cards) || !text.endsWith('\n')) return undefined;
  const lines = head.cards.length ? text.slice(headEnd + 1, -1).split('\n') : [];
  if (lines.length !== head.cards.length) return undefined;
  const cards: Record<string, CardImage> = {};
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at]!;
    const keyEnd = line.indexOf('\t');
    const srcEnd = line.indexOf('\t', keyEnd + 1);
    // Cut short or mangled: not a state to reuse pages by (their cards would be missing).
    if (keyEnd < 1 || srcEnd < keyEnd + 2 || line[srcEnd + 1] !== '{' || !line.endsWith('}')) return undefined;
    cards[head.cards[at]!] = new StoredCard(line.slice(0, keyEnd), line.slice(keyEnd + 1, srcEnd), line, srcEnd + 1);
  }
  return { ...head, version: 6, cards };
}
