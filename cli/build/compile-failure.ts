import { problem, SiteError } from '../errors/site-error.ts';

interface EsbuildFailure {
  errors?: Array<{ text: string; location?: { file: string; line: number; column: number } | null }>;
}

/** An esbuild failure as the user's problems: COMPILE_FAILED at each error's file, line and column. */
export function compileFailed(error: unknown): never {
  const errors = (error as EsbuildFailure).errors ?? [{ text: String(error), location: null }];
  throw new SiteError(
    errors.map((e) =>
      problem(
        'COMPILE_FAILED',
        { problem: e.text },
        e.location ? { location: { file: e.location.file, line: e.location.line, column: e.location.column } } : {},
      ),
    ),
  );
}
