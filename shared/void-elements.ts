/** HTML elements that have no content and no end tag (<br>, <img>): an open one nests nothing. */
export const VOID_ELEMENTS = [
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
] as const;
