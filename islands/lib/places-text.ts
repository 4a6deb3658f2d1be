/** `{count} plekken over` / `Nog 1 plek over` / `Vol...` for a figure. */
export function placesText(left: number, text: { left: string; one: string; full: string }): string {
  if (left <= 0) return text.full;
  return left === 1 ? text.one : text.left.replace('{count}', String(left));
}
