/**
 * Function requests start one per turn of the event loop. A crowd's requests arrive together
 * (200 sign-ups at once): started in the same turn, each one's own work (its body read, a fetch
 * Request made, the JSON parsed and checked) runs back to back, and a page asked for meanwhile
 * waited for all of them (a quarter of a second at 200, bench/RESULTS.md). One per turn, with the
 * server's input and output handled between any two, a page waits for one request's work at most.
 * Pages do not take turns: they are the reason for them.
 */
export function oneAtATurn(): () => Promise<void> {
  const line: Array<() => void> = [];
  let scheduled = false;
  const next = () => {
    line.shift()?.();
    // Scheduled from this check phase, it runs in the next turn, after the pending input and output.
    if (line.length > 0) setImmediate(next);
    else scheduled = false;
  };
  return () =>
    new Promise<void>((turn) => {
      line.push(turn);
      if (!scheduled) {
        scheduled = true;
        setImmediate(next);
      }
    });
}
