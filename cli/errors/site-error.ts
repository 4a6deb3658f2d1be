import { catalogue, type CatalogueEntry, type ErrorCode, type Params, type ParamsOf } from './catalogue.ts';

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

interface Where {
  location?: SourceLocation;
  field?: string;
  severity?: Severity;
}

/** The parameters of `code`, to be given when its message has any it must be filled in with. */
type ProblemArgs<C extends ErrorCode> =
  Record<never, never> extends ParamsOf<C>
    ? [params?: ParamsOf<C>, where?: Where]
    : [params: ParamsOf<C>, where?: Where];

export function problem<C extends ErrorCode>(code: C, ...[params, where = {}]: ProblemArgs<C>): Problem {
  // Each entry takes its own parameters (ParamsOf<C>): looked up by a code of any entry, the
  // entry is read through the common shape.
  const entry = catalogue[code] as CatalogueEntry<Params<string>>;
  params ??= {} as ParamsOf<C>;
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
