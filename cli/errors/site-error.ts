import { catalogue, type ErrorCode } from './catalogue.ts';

export interface SourceLocation {
  file: string;
  line?: number;
  column?: number;
}

export type Severity = 'error' | 'warning';

/** One problem for the user, carrying its catalogue code and where it is. */
export interface Problem {
  code: ErrorCode;
  severity: Severity;
  title: string;
  message: string;
  hint: string;
  location?: SourceLocation;
  field?: string;
}

export function problem(
  code: ErrorCode,
  params: Record<string, string | number | undefined> = {},
  where: { location?: SourceLocation; field?: string; severity?: Severity } = {},
): Problem {
  const entry = catalogue[code];
  return {
    code,
    severity: where.severity ?? 'error',
    title: entry.title,
    message: entry.message(params),
    hint: entry.hint(params),
    ...(where.location ? { location: where.location } : {}),
    ...(where.field ? { field: where.field } : {}),
  };
}

/** Thrown to stop a command with one or more user problems (exit code 1). */
export class SiteError extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[]) {
    super(problems.map((p) => `${p.code}: ${p.message}`).join('\n'));
    this.name = 'SiteError';
    this.problems = problems;
  }
}

export const isSiteError = (error: unknown): error is SiteError => error instanceof SiteError;
