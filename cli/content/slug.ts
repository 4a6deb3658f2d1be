const SPECIAL: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ł: 'l',
  þ: 'th',
  ĳ: 'ij',
  '&': ' en ',
};

/**
 * A URL slug from a title: lower case, accents removed, words joined by dashes.
 * "Één dag Tennis & Padel!" -> "een-dag-tennis-en-padel". Returns '' when nothing usable is left.
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[ßæœøđłþĳ&]/g, (char) => SPECIAL[char] ?? char)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}
