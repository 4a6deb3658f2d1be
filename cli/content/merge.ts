type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A translation over its original: mappings merge key by key, anything else (text, lists)
 * is replaced. So an English file may set `hero.subtitle` and keep the Dutch `hero.image`.
 */
export function overlay(original: unknown, translation: unknown): unknown {
  if (!isPlain(original) || !isPlain(translation)) return translation === undefined ? original : translation;
  const merged: Plain = { ...original };
  for (const [key, value] of Object.entries(translation)) merged[key] = overlay(original[key], value);
  return merged;
}

/** Whether the translation itself sets the field at `path`, or a whole list or value above it. */
export function setsField(translation: unknown, path: ReadonlyArray<PropertyKey>): boolean {
  let value = translation;
  for (const key of path) {
    if (!isPlain(value)) return value !== undefined;
    if (!(String(key) in value)) return false;
    value = value[String(key)];
  }
  return true;
}
