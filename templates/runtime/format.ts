// Where an element is, as react-dom/server tracks it (its insertion mode and tag scope): what
// decides whether <title>, <meta> and <link> move into <head>, and whether an image is preloaded.

/** Where an element is (React's insertion mode and tag scope). */
export interface Format {
  /** 0 the root, 1 inside <html>, 2 the page, 3 inside <head>, 4 inside <svg>, 5 inside <math>. */
  mode: number;
  noscript: boolean;
  picture: boolean;
  /** The value of the <select> an <option> is in. */
  selected: unknown;
}

export const ROOT: Format = { mode: 0, noscript: false, picture: false, selected: null };
export const HEAD = 3;
export const SVG = 4;

// Elements whose children are on the page again (React's table modes and foreignObject).
const TABLE_PARTS = new Set(['foreignObject', 'table', 'thead', 'tbody', 'tfoot', 'colgroup', 'tr']);

/**
 * Tag names met so far that React writes as any element, whose children are where they are, and
 * their end tags: after the first time, such an element (most of a page) skips every special case.
 */
const plain = new Map<string, string>();
export const isPlain = (type: string) => plain.has(type);
/** A plain tag's end tag (undefined for a tag not found plain). */
export const plainEnd = (type: string) => plain.get(type);
const FORMAT_NAMES = new Set(['noscript', 'select', 'svg', 'picture', 'math', 'head', 'html', ...TABLE_PARTS]);

// The formats outside a <select>, made once each (a page has an <svg> or <picture> in every card).
const formats: Format[] = [];
function format(mode: number, noscript: boolean, picture: boolean): Format {
  const index = mode * 4 + (noscript ? 2 : 0) + (picture ? 1 : 0);
  return (formats[index] ??= { mode, noscript, picture, selected: null });
}

/** The format of an element's children (React's getChildFormatContext). */
export function childFormat(parent: Format, type: string, props: Record<string, unknown>): Format {
  if (parent.mode >= 2 && plain.has(type)) return parent;
  const { noscript, picture } = parent;
  switch (type) {
    case 'noscript':
      return format(2, true, picture);
    case 'select':
      return { mode: 2, noscript, picture, selected: props.value ?? props.defaultValue };
    case 'svg':
      return format(SVG, noscript, picture);
    case 'picture':
      return format(2, noscript, true);
    case 'math':
      return format(5, noscript, picture);
    case 'head':
      if (parent.mode < 2) return format(HEAD, noscript, picture);
      break;
    case 'html':
      if (parent.mode === 0) return format(1, noscript, picture);
  }
  // Table elements (React's modes 6-9) differ from the page only for Suspense boundaries, which
  // the templates do not have; the rest keep their parent's format.
  if (parent.mode < 2 || TABLE_PARTS.has(type)) return format(2, noscript, picture);
  return parent;
}

/** A tag name ./elements.ts found to be written as any element: later ones take the short way. */
export function foundPlain(type: string): void {
  if (!FORMAT_NAMES.has(type)) plain.set(type, `</${type}>`);
}
