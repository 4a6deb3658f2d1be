import { describe, expect, it } from 'vitest';
import { createImageReporter, imageSummaryLine } from '../../cli/images/report.ts';

/** A stream that records what was written, with a clock the test moves. */
function setup(isTTY: boolean, env: NodeJS.ProcessEnv) {
  const written: string[] = [];
  let clock = 0;
  const reporter = createImageReporter({
    stream: { isTTY, write: (text: string) => written.push(text) },
    env,
    now: () => clock,
  });
  return { written, reporter, advance: (ms: number) => (clock += ms) };
}

describe('image progress reporter', () => {
  it('shows a live line in an interactive terminal once the work takes a moment, then wipes it', () => {
    const { written, reporter, advance } = setup(true, {});
    reporter.onProgress(1, 30); // too soon: a warm build would only flash
    expect(written).toEqual([]);
    advance(400);
    reporter.onProgress(12, 30);
    reporter.onProgress(13, 30); // within 100 ms of the last paint: skipped
    advance(150);
    reporter.onProgress(30, 30);
    reporter.finish({ made: 4, cached: 26, bytes: 3 * 1024 * 1024 }, 2000);
    expect(written).toEqual(['\r\x1b[Kimages 12/30 (40%)', '\r\x1b[Kimages 30/30 (100%)', '\r\x1b[K']);
  });

  it.each([
    ['CI, even on a terminal', true, { CI: 'true' }],
    ['a pipe', false, {}],
  ])('prints one summary line in %s', (_, isTTY, env) => {
    const { written, reporter, advance } = setup(isTTY, env);
    advance(1000);
    for (let done = 0; done <= 30; done++) reporter.onProgress(done, 30);
    reporter.finish({ made: 4, cached: 26, bytes: 3 * 1024 * 1024 }, 2345);
    expect(written).toEqual(['images: 30 (4 made, 26 from cache), 3.0 MB in 2.3 s\n']);
  });

  it('prints nothing when the build failed before the totals were known', () => {
    const { written, reporter } = setup(false, { CI: '1' });
    reporter.finish(undefined, 10);
    expect(written).toEqual([]);
  });

  it('formats small totals in KB, and leaves out bytes it was not given', () => {
    expect(imageSummaryLine({ made: 0, cached: 2, bytes: 50_000 }, 12)).toBe(
      'images: 2 (0 made, 2 from cache), 49 KB in 0.0 s',
    );
    expect(imageSummaryLine({ made: 1, cached: 28 }, 1500)).toBe('images: 29 (1 made, 28 from cache) in 1.5 s');
  });
});
