import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { problem, type Problem } from '../errors/site-error.ts';
import { parseYaml } from '../source/yaml-source.ts';
import { didYouMean } from '../source/suggest.ts';
import { zodProblems } from '../source/zod-problems.ts';
import { CENTRE, type FocalPoint } from '../../shared/focal-point.ts';
import { FOCUS_FILE } from './focus-path.ts';

const PERCENTAGES = /^(\d{1,3}(?:\.\d+)?)%\s+(\d{1,3}(?:\.\d+)?)%$/;
const EXPECTED = 'two percentages from 0% to 100%, across then down, like "40% 65%"';

// Custom issues, so the message says what to write whatever was found (a number, a list, words).
const focalPoint = z.unknown().transform((value, context): FocalPoint => {
  const match = typeof value === 'string' ? PERCENTAGES.exec(value.trim()) : null;
  const [x, y] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
  if (!(x <= 100 && y <= 100)) {
    context.addIssue({ code: 'custom', message: `expected ${EXPECTED}` });
    return CENTRE;
  }
  return { x: x / 100, y: y / 100 };
});
const focusFile = z.custom<Record<string, unknown>>(
  (data) => typeof data === 'object' && data !== null && !Array.isArray(data),
  { message: 'expected one line per image, `name: 40% 65%`' },
);

/**
 * The focal points of content/images/focus.yaml, checked: every value two percentages, every name
 * an image in content/images. No file means every image is cropped around its middle.
 */
export function parseFocus(
  text: string | undefined,
  images: ReadonlyMap<string, string>,
): { points: Map<string, FocalPoint>; problems: Problem[] } {
  const points = new Map<string, FocalPoint>();
  if (text === undefined) return { points, problems: [] };
  const source = parseYaml(text, FOCUS_FILE);
  if (source.problems.length) return { points, problems: source.problems };
  if (source.data === null) return { points, problems: [] }; // only comments so far
  const file = focusFile.safeParse(source.data);
  if (!file.success)
    return {
      points,
      problems: zodProblems(file.error.issues, source.data, FOCUS_FILE, source.lineOf, 'IMAGE_FOCUS_INVALID'),
    };
  const problems: Problem[] = [];
  const known = [...images.keys()];
  // Line by line: a bad value and an unknown name elsewhere are reported in the same run.
  for (const [name, value] of Object.entries(file.data)) {
    const point = focalPoint.safeParse(value);
    if (!point.success)
      problems.push(
        ...zodProblems(
          point.error.issues.map((issue) => ({ ...issue, path: [name, ...issue.path] })),
          source.data,
          FOCUS_FILE,
          source.lineOf,
          'IMAGE_FOCUS_INVALID',
        ),
      );
    else if (!images.has(name))
      problems.push(
        problem(
          'IMAGE_FOCUS_INVALID',
          { field: name, problem: `no image "${name}" in content/images${didYouMean(name, known)}` },
          { location: { file: FOCUS_FILE, line: source.lineOf([name]) ?? 1 }, field: name },
        ),
      );
    else points.set(name, point.data);
  }
  return { points, problems };
}

/** Reads and checks focus.yaml under a project root. */
export async function readFocus(
  root: string,
  images: ReadonlyMap<string, string>,
): Promise<{ points: Map<string, FocalPoint>; problems: Problem[] }> {
  const text = await readFile(join(root, FOCUS_FILE), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  return parseFocus(text, images);
}
