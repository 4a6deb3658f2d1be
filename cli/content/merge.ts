type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A translation over its original: mappings merge key by key, anything else (text, lists)
 * is replaced. So an English file may set `hero.subtitle` and keep the Dutch `hero.image`.
 */
export function overlay(original: unknown, translation: unknown): unknown {
  if (!isPlain(original) || !isPlain(translation)) return translation === undefined ? original : translation;
  const merged: Plain = { ...original };
  for (const [key, value] of Object.entries(translation)) {
    // Own properties only: a YAML key `__proto__` or `constructor` is a field like any other
    // (an unknown one), not the object's prototype or an inherited function (issue 11).
    Object.defineProperty(merged, key, {
      value: overlay(Object.hasOwn(original, key) ? original[key] : undefined, value),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return merged;
}

/** Whether the translation itself sets the field at `path`, or a whole list or value above it. */
export function setsField(translation: unknown, path: ReadonlyArray<PropertyKey>): boolean {
  let value = translation;
  for (const key of path) {
    if (!isPlain(value)) return value !== undefined;
    // `in` would also see inherited names: every translation "sets" constructor and __proto__.
    if (!Object.hasOwn(value, String(key))) return false;
    value = value[String(key)];
  }
  return true;
}
