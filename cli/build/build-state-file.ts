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
  /** What the prints were taken of (cli/build/page-prints.ts `PrintInputs`); absent in a state of an older build. */
  printed?: PrintInputs;
}

/**
 * What a build's page prints were taken of, beside them: the next build takes a page's print from
 * the build before when all of it is the same (cli/build/page-prints.ts `printsBefore`).
 */
export interface PrintInputs {
  /** The part all pages share (cli/build/build-state.ts `globalFingerprint`). */
  global: string;
  /** The digest of every page's route, as JSON in the pages' order (cli/build/page-prints.ts `routesDigest`). */
  routes: string;
  /** Each key the pages read (shared/model-reads.ts) to the hash its value took. */
  values: Record<string, string>;
}

/**
 * build-state.json as written: one line of JSON (the state but its cards, and the cards' pages in
 * order), then one line a card: `key<TAB>src<TAB>` and the rest of it as JSON. An edit build at
 * 4,000 sources reads every card of the last build and writes them again, but looks at the rest
 * (what the card shows) only to draw one missing from the cache: parsed whole, the 4,488 cards'
 * objects were ~12 ms of every edit's head and their stringify ~12 ms of its tail, and their 2.7
 * MB of text decoded and encoded again ~8 ms more (issue 21).
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
    /** The bytes read, whose `start`..`end` are the card's line (with its newline), written again as it is. */
    readonly bytes: Buffer,
    readonly start: number,
    readonly end: number,
    private readonly restAt: number,
  ) {}

  private get rest(): CardRest {
    this.parsed ??= JSON.parse(this.bytes.toString('utf8', this.restAt, this.end - 1)) as CardRest;
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
  `${card.key}\t${card.src}\t${JSON.stringify({ width: card.width, height: card.height, alt: card.alt, request: card.request } satisfies CardRest)}\n`;

/**
 * The bytes of build-state.json, in chunks (written as they are): the cards of the last build are
 * the bytes they were read from, whole runs of them in one chunk, neither decoded nor encoded again.
 */
export function stateChunks(state: Omit<BuildState, 'version'>): Uint8Array[] {
  const { cards, ...rest } = state;
  const pages = Object.keys(cards);
  const chunks: Uint8Array[] = [
    Buffer.from(`${JSON.stringify({ version: 6, ...rest, cards: pages } satisfies Head)}\n`),
  ];
  let made = '';
  let run: { bytes: Buffer; start: number; end: number } | undefined;
  const end = () => {
    if (made) chunks.push(Buffer.from(made));
    if (run) chunks.push(run.bytes.subarray(run.start, run.end));
    [made, run] = ['', undefined];
  };
  for (const page of pages) {
    const card = cards[page]!;
    if (!(card instanceof StoredCard)) {
      if (run) end();
      made += cardLine(card);
    } else if (run?.bytes === card.bytes && run.end === card.start) run.end = card.end;
    else {
      end();
      run = { bytes: card.bytes, start: card.start, end: card.end };
    }
  }
  end();
  return chunks;
}

const NEWLINE = 0x0a;

/**
 * The state in build-state.json's bytes; undefined when it is not whole or of another version (the
 * build then renders every page, as with no state). The previous version (one JSON object) is read
 * as it was, so the first build of this tool still reuses the pages of the last.
 */
export function parseState(bytes: Buffer): BuildState | undefined {
  const headEnd = bytes.indexOf(NEWLINE);
  const parsed = JSON.parse(bytes.toString('utf8', 0, headEnd < 0 ? bytes.length : headEnd)) as {
    version?: unknown;
  } | null;
  if (parsed?.version === 5)
    return headEnd < 0 ? { ...(parsed as Omit<BuildState, 'version'>), version: 6 } : undefined;
  const head = parsed as Head | null;
  if (head?.version !== 6 || !Array.isArray(head.cards)) return undefined;
  const cards: Record<string, CardImage> = {};
  // The card lines as Latin-1, one character a byte: a character's place is its byte's, and a
  // string's search is JIT code where a Buffer's is a call into C++ (3 a line, 13,000 a build).
  const lines = bytes.toString('latin1', headEnd + 1);
  let at = 0;
  for (const page of head.cards) {
    const end = lines.indexOf('\n', at);
    const keyEnd = lines.indexOf('\t', at);
    const srcEnd = keyEnd < 0 ? -1 : lines.indexOf('\t', keyEnd + 1);
    // Cut short or mangled: not a state to reuse pages by (their cards would be missing).
    if (
      end < 0 ||
      keyEnd <= at ||
      srcEnd <= keyEnd + 1 ||
      srcEnd > end ||
      lines[srcEnd + 1] !== '{' ||
      lines[end - 1] !== '}'
    )
      return undefined;
    const from = headEnd + 1;
    cards[page] = new StoredCard(
      lines.slice(at, keyEnd),
      lines.slice(keyEnd + 1, srcEnd),
      bytes,
      from + at,
      from + end + 1,
      from + srcEnd + 1,
    );
    at = end + 1;
  }
  return at === lines.length ? { ...head, version: 6, cards } : undefined;
}
