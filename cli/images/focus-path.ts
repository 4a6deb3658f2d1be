/**
 * The focal points' file. A module of its own: the content's sources (incremental/sources.ts) name
 * it, and a build with nothing to do must not load the parser's schema (zod) for that (issue 21).
 */
export const FOCUS_FILE = 'content/images/focus.yaml';
