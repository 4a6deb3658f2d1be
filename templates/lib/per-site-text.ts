import type { SiteModel } from '../../cli/content/types.ts';

/** Values by the config object, then the strings object, then a key. */
export type SiteTextMemo<T> = WeakMap<object, WeakMap<object, Map<string, T>>>;

/**
 * A value a template works out from the site's config and UI strings alone, not from the page it
 * is on, made once per key: every page of a build would otherwise work it out again (issue 21).
 * Keyed by those two objects, not by the model: each page renders with a model of its own that
 * records what it reads (shared/model-reads.ts), while config and strings belong to every page
 * and are not recorded, so a value made of them alone hides no read. A new build, or a `site dev`
 * change, brings new config or strings objects: nothing stale is reused.
 */
export function perSiteText<T>(memo: SiteTextMemo<T>, model: SiteModel, key: string, make: () => T): T {
  let byStrings = memo.get(model.config);
  if (!byStrings) memo.set(model.config, (byStrings = new WeakMap()));
  let byKey = byStrings.get(model.strings);
  if (!byKey) byStrings.set(model.strings, (byKey = new Map()));
  let value = byKey.get(key);
  if (value === undefined) byKey.set(key, (value = make()));
  return value;
}
