import type { Face } from './card-type.ts';
import { keepPart, keptPart } from './card-layer-store.ts';

/**
 * The glyph outlines of a card's faces kept between builds, beside the template's other kept parts
 * (card-layer-store.ts: <cards cache>/layers/<template version>/, a version that covers the fonts'
 * files): a build that draws one card (a title edited) takes the outlines of its text's glyphs from
 * there, not from HarfBuzz (its outline drawing set up, a call into it a glyph: 10-20 ms of the one
 * card's CPU, issue 21). One file a face: JSON pairs of glyph and outline, as HarfBuzz gave them. A
 * file that does not read back whole and as described is no file: the outlines are drawn again.
 */
export interface Shelf {
  /** The cards' cache */
  dir: string;
  /** The template's version */
  version: string;
}

/** Names the kind of file: another layout of it (a tool that writes it otherwise) is not read. */
const FORMAT = 'glyph outlines 1';

interface Kept {
  data: Buffer;
  format?: unknown;
}

/** A face's shelf this run read, and how many outlines HarfBuzz had drawn when it was last written. */
const shelves = new Map<string, { shelf: Shelf; face: Face; read: Promise<void>; written: number }>();

const partKey = (face: Face) => `outlines ${face.id}`;
const isPair = (pair: unknown): pair is [number, string] =>
  Array.isArray(pair) && pair.length === 2 && Number.isInteger(pair[0]) && typeof pair[1] === 'string';

async function read(shelf: Shelf, face: Face): Promise<void> {
  const kept = await keptPart<Kept>(shelf.dir, shelf.version, partKey(face));
  if (kept?.format !== FORMAT) return;
  let pairs: unknown;
  try {
    pairs = JSON.parse(kept.data.toString('utf8'));
  } catch {
    return;
  }
  if (!Array.isArray(pairs) || !pairs.every(isPair)) return;
  for (const [glyph, outline] of pairs) if (!face.outlines.has(glyph)) face.outlines.set(glyph, outline);
}

/** `face`'s outlines kept on `shelf` put into it (read once a run). */
export function shelvedOutlines(face: Face, shelf: Shelf): Promise<void> {
  const name = [shelf.dir, shelf.version, face.id].join('\0');
  let entry = shelves.get(name);
  if (!entry) shelves.set(name, (entry = { shelf, face, read: read(shelf, face), written: 0 }));
  return entry.read;
}

/** Keeps on their shelves the outlines of every face HarfBuzz drew outlines of since they were read or kept. */
export async function keepOutlines(): Promise<void> {
  for (const entry of shelves.values()) {
    if (entry.face.drawn === entry.written) continue;
    entry.written = entry.face.drawn;
    const data = Buffer.from(JSON.stringify([...entry.face.outlines]));
    await keepPart(entry.shelf.dir, entry.shelf.version, partKey(entry.face), { format: FORMAT, data } as Kept);
  }
}
