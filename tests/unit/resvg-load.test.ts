/**
 * resvg-js loads without Node's diagnostic report (cli/build/resvg.ts): on Linux its binary is
 * chosen by the C library the process has mapped, and what it loads paints.
 */
import { expect, test, vi } from 'vitest';
import { loadResvg } from '../../cli/build/resvg.ts';

test.runIf(process.platform === 'linux')(
  'resvg-js loads on Linux without a diagnostic report, and paints',
  async () => {
    const getReport = vi.spyOn(process.report, 'getReport');
    const before = process.report.getReport;
    const { renderAsync } = await loadResvg();
    expect(getReport).not.toHaveBeenCalled();
    expect(process.report.getReport).toBe(before); // put back after the load
    const painted = await renderAsync(
      '<svg xmlns="http://www.w3.org/2000/svg" width="2" height="1"><rect width="1" height="1" fill="#f00"/></svg>',
    );
    expect([...painted.pixels.subarray(0, 8)]).toEqual([255, 0, 0, 255, 0, 0, 0, 0]);
    getReport.mockRestore();
  },
);
