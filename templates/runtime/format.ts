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
const PAGE: Format = { mode: 2, noscript: false, picture: false, selected: null };

// Elements whose children are on the page again (React's table modes and foreignObject).
const TABLE_PARTS = new Set(['foreignObject', 'table', 'thead', 'tbody', 'tfoot', 'colgroup', 'tr']);

/**
 * Tag names met so far that React writes as any element, whose children are where they are:
 * after the first time, such an element (most of a page) skips every special case.
 */
const plain = new Set<string>();
export const isPlain = (type: string) => plain.has(type);
const FORMAT_NAMES = new Set(['noscript', 'select', 'svg', 'picture', 'math', 'head', 'html', ...TABLE_PARTS]);

/** The format of an element's children (React's getChildFormatContext). */
export function childFormat(parent: Format, type: string, props: Record<string, unknown>): Format {
  if (parent.mode >= 2 && plain.has(type)) return parent;
  const { noscript, picture } = parent;
  switch (type) {
    case 'noscript':
      return { mode: 2, noscript: true, picture, selected: null };
    case 'select':
      return { mode: 2, noscript, picture, selected: props.value ?? props.defaultValue };
    case 'svg':
      return { mode: SVG, noscript, picture, selected: null };
    case 'picture':
      return { mode: 2, noscript, picture: true, selected: null };
    case 'math':
      return { mode: 5, noscript, picture, selected: null };
    case 'head':
      if (parent.mode < 2) return { mode: HEAD, noscript, picture, selected: null };
      break;
    case 'html':
      if (parent.mode === 0) return { mode: 1, noscript, picture, selected: null };
  }
  // Table elements (React's modes 6-9) differ from the page only for Suspense boundaries, which
  // the templates do not have; the rest keep their parent's format.
  if (parent.mode < 2 || TABLE_PARTS.has(type))
    return noscript || picture ? { mode: 2, noscript, picture, selected: null } : PAGE;
  return parent;
}

/** A tag name ./elements.ts found to be written as any element: later ones take the short way. */
export function foundPlain(type: string): void {
  if (!FORMAT_NAMES.has(type)) plain.add(type);
}
