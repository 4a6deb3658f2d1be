/**
 * Progress of long work: a live line in an interactive terminal, nothing per step in CI
 * or a pipe (the build summary carries the totals there).
 */
export function progressReporter(label: string, stream: NodeJS.WriteStream = process.stderr) {
  const live = Boolean(stream.isTTY) && !process.env.CI;
  let shown = false;
  return {
    update: (done: number, total: number) => {
      if (!live || total === 0) return;
      shown = true;
      stream.write(`\r${label}: ${done}/${total} (${Math.round((done / total) * 100)}%)`);
    },
    done: () => {
      if (shown) stream.write('\r\x1b[K');
    },
  };
}
