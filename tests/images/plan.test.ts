import { describe, expect, it } from 'vitest';
import { fixedFiles, planVariants, responsiveWidths } from '../../cli/images/plan.ts';

const breakpoints = [320, 640, 768, 1024, 1280, 1536];

describe('responsiveWidths', () => {
  it.each([
    [1600, [320, 640, 768, 1024, 1280, 1536]],
    [1536, [320, 640, 768, 1024, 1280, 1536]],
    [1535, [320, 640, 768, 1024, 1280]],
    [700, [320, 640]],
    [320, [320]],
    [200, [200]], // narrower than every breakpoint: its own width
    [1, [1]],
  ])('a %i px source gets %j', (width, expected) => {
    expect(responsiveWidths(width, breakpoints)).toEqual(expected);
  });

  it('sorts and de-duplicates breakpoints as written in the config', () => {
    expect(responsiveWidths(1000, [768, 320, 768, 640])).toEqual([320, 640, 768]);
  });
});

describe('fixedFiles', () => {
  const landscape = { width: 1600, height: 1000 };
  it.each([
    [
      'square crop',
      { width: 64, height: 64 },
      landscape,
      [
        { density: 1, width: 64, height: 64 },
        { density: 2, width: 128, height: 128 },
      ],
    ],
    [
      'aspect kept',
      { width: 200 },
      landscape,
      [
        { density: 1, width: 200 },
        { density: 2, width: 400 },
      ],
    ],
    [
      '2x clamped to the source',
      { width: 150 },
      { width: 200, height: 100 },
      [
        { density: 1, width: 150 },
        { density: 1.33, width: 200 },
      ],
    ],
    [
      'crop clamped by height',
      { width: 100, height: 100 },
      { width: 400, height: 150 },
      [
        { density: 1, width: 100, height: 100 },
        { density: 1.5, width: 150, height: 150 },
      ],
    ],
    ['source smaller than 1x: one file', { width: 300 }, { width: 120, height: 80 }, [{ density: 0.4, width: 120 }]],
  ])('%s', (_, size, source, expected) => {
    expect(fixedFiles(size, source, [1, 2])).toEqual(expected);
  });
});

describe('planVariants', () => {
  it('shares one file between a breakpoint and an uncropped fixed size of the same width', () => {
    const plans = planVariants({ width: 1600, height: 1000 }, { breakpoints, densities: [1, 2], encodeKey: 'k' }, [
      { width: 320 },
    ]);
    const keys = plans.map((plan) => plan.key);
    expect(keys.filter((key) => key === 'w320.k')).toHaveLength(2);
    expect(keys).toContain('w640.k');
  });

  it('puts the encoder settings in every key, so other settings never reuse a file', () => {
    const plans = planVariants({ width: 800, height: 600 }, { breakpoints, densities: [1, 2], encodeKey: 'q75' }, [
      { width: 48, height: 48 },
    ]);
    expect(plans.map((plan) => plan.key)).toEqual([
      'w320.q75',
      'w640.q75',
      'w768.q75',
      'c48x48f500-500.q75',
      'c96x96f500-500.q75',
    ]);
  });

  it("puts a crop's focal point in its key (another point is another file) but not a whole picture's", () => {
    const plans = planVariants(
      { width: 800, height: 600 },
      { breakpoints, densities: [1], encodeKey: 'q75' },
      [{ width: 48, height: 48 }, { width: 100 }],
      { x: 0.9, y: 0.25 },
    );
    expect(plans.map((plan) => plan.key)).toEqual([
      'w320.q75',
      'w640.q75',
      'w768.q75',
      'c48x48f900-250.q75',
      'w100.q75',
    ]);
  });
});
