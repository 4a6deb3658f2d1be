import { MAX_DEPTH } from './yaml-data.ts';

/**
 * A reader for the front matter almost every content file has: one `key: value` pair a line, no
 * nesting (issue 21: js-yaml took ~0.3 s of the build's main thread for ~4,100 such files).
 *
 * It accepts only what it reads exactly as js-yaml's core schema does, and declines (undefined)
 * everything else, which js-yaml then reads as before; it never reports a problem. Accepted: a key
 * of ASCII letters, digits, _ and - that starts with a letter; a value that is empty (null), a
 * decimal integer without a sign or leading zero and short enough to stay exact, a double-quoted
 * string without escapes, or a plain value that starts with a letter and holds no `:` or `#`
 * (so no comment, no nested key): a string, or null, true or false in the spellings the schema
 * reads as such. No character js-yaml calls non-printable; tabs, CR, a byte order mark, indented
 * lines and anything else decline. tests/unit/flat-yaml.test.ts checks it
 * against js-yaml on every front matter of content/ and on lines around each of these edges.
 */

/** A pair of surrogates: one character beyond U+FFFF (a lone surrogate is non-printable to js-yaml). */
const ASTRAL = String.raw`[\uD800-\uDBFF][\uDC00-\uDFFF]`;
/** Printable characters (YAML's c-printable, less line breaks, tab, DEL..NEL and the byte order mark) but `"` and `\`. */
const QUOTED = String.raw`(?:[ !#-\[\]-~\u00A0-\uD7FF\uE000-\uFEFE\uFF00-\uFFFD]|${ASTRAL})`;
/** The same but `:` and `#`, which may start a nested key or a comment in a plain value. */
const PLAIN = String.raw`(?:[ -"$-9;-~\u00A0-\uD7FF\uE000-\uFEFE\uFF00-\uFFFD]|${ASTRAL})`;
/** The same but space: a plain value's last character (js-yaml drops trailing spaces). */
const PLAIN_END = String.raw`(?:[!"$-9;-~\u00A0-\uD7FF\uE000-\uFEFE\uFF00-\uFFFD]|${ASTRAL})`;

/** key, then one of: "quoted", integer, plain; none of them: an empty value. */
const LINE = new RegExp(
  `^([A-Za-z][A-Za-z0-9_-]*):(?: +(?:"(${QUOTED}*)"|(0|[1-9][0-9]{0,14})|([A-Za-z](?:${PLAIN}*${PLAIN_END})?)))? *$`,
);

/** The plain words the core schema reads as null or a boolean (other spellings are strings). */
const WORDS = new Map<string, null | boolean>([
  ...['null', 'Null', 'NULL'].map((word) => [word, null] as const),
  ...['true', 'True', 'TRUE'].map((word) => [word, true] as const),
  ...['false', 'False', 'FALSE'].map((word) => [word, false] as const),
]);

export function flatYaml(text: string): Record<string, unknown> | undefined {
  if (flowOpens(text) > MAX_DEPTH) return undefined;
  const data: Record<string, unknown> = {};
  let keys = 0;
  for (const line of text.split('\n')) {
    if (!line) continue;
    const match = LINE.exec(line);
    if (!match) return undefined;
    const [, key, quoted, integer, plain] = match as unknown as [string, string, string?, string?, string?];
    // A key such as `true` or `Null` becomes the string of its value ("true", "null"): declined, as is a repeated key (an error).
    if (WORDS.has(key) || Object.hasOwn(data, key)) return undefined;
    data[key] = quoted ?? (integer !== undefined ? Number(integer) : plain === undefined ? null : word(plain));
    keys++;
  }
  return keys ? data : undefined;
}

/**
 * `[` and `{` in the text: tooDeepAt (./yaml-data.ts) counts them as nesting even inside quotes, and
 * with more than MAX_DEPTH reports the file as too deep, so such a text is left to it.
 */
function flowOpens(text: string): number {
  let count = 0;
  for (const open of ['[', '{']) for (let at = text.indexOf(open); at !== -1; at = text.indexOf(open, at + 1)) count++;
  return count;
}

const word = (plain: string) => (WORDS.has(plain) ? WORDS.get(plain)! : plain);
