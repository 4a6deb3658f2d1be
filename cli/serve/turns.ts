/**
 * Function requests start one per turn of the event loop, and not in a turn that accepted a new
 * connection. A crowd's requests arrive together (200 sign-ups at once): started in the same
 * turn, each one's own work (its body read, a fetch Request made, the JSON parsed and checked)
 * would run back to back while a page asked for meanwhile waited for all of them (a quarter of a
 * second at 200, bench/RESULTS.md). One per turn, with the server's input and output handled
 * between any two, a page on an open connection waits for one request's work at most.
 *
 * A page on a new connection waits longer: Node (libuv 1.45 and later) accepts one connection per
 * turn, so a visitor who connects just after a crowd of 200 is accepted 200 turns later, and every
 * one of those turns used to run a function request's work as well (0.5 to 2 ms each: pages waited
 * 200 to 900 ms in the kernel's accept queue). While connections are being accepted, turns go to
 * accepting them; function work waits, but for at most `CONNECTION_TURNS` turns in a row, so a
 * flood of connections slows forms down without stopping them.
 * Pages do not take turns: they are the reason for them.
 */
export interface FunctionTurns {
  /** Resolves when a function request may start its work. */
  take(): Promise<void>;
  /** The server accepted a connection (its `connection` event): this turn is the accept queue's. */
  connected(): void;
}

/** Turns in a row given to accepting connections before a waiting function request gets one anyway. */
export const CONNECTION_TURNS = 16;

export function oneAtATurn(): FunctionTurns {
  const line: Array<() => void> = [];
  let scheduled = false;
  let accepted = false;
  let yielded = 0;
  const next = () => {
    if (accepted && yielded < CONNECTION_TURNS) {
      yielded += 1;
    } else {
      yielded = 0;
      line.shift()?.();
    }
    accepted = false;
    // Scheduled from this check phase, it runs in the next turn, after the pending input and output.
    if (line.length > 0) setImmediate(next);
    else scheduled = false;
  };
  return {
    take: () =>
      new Promise<void>((turn) => {
        line.push(turn);
        if (!scheduled) {
          scheduled = true;
          setImmediate(next);
        }
      }),
    connected: () => {
      accepted = true;
    },
  };
}
