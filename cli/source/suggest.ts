/**
 * "Did you mean": the known name closest to a mistyped one (issue 20: `titel` -> `title`, a
 * misspelt image, club id or route). Close means few edits for the length of the word (a swap
 * of two neighbours counts as one), so a real typo finds its word and an unrelated word finds
 * nothing: an editor told "did you mean court-clay-1" for "sunset" would be misled.
 */
export function closest(value: string, known: Iterable<string>): string | undefined {
  const wanted = value.toLowerCase();
  const limit = Math.max(1, Math.min(3, Math.floor(wanted.length / 3)));
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    if (name === value) return undefined;
    const distance = editDistance(wanted, name.toLowerCase(), limit);
    if (distance <= limit && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/** ` (did you mean "title"?)`, or nothing: to end a message with. */
export const didYouMean = (value: string, known: Iterable<string>): string => {
  const name = closest(value, known);
  return name === undefined ? '' : ` (did you mean "${name}"?)`;
};

/** Optimal string alignment distance, given up (limit + 1) once it cannot stay within `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      rowBest = Math.min(rowBest, value);
    }
    if (rowBest > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}
