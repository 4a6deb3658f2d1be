import type { Problem } from './site-error.ts';

const useColour = () => process.stderr.isTTY && !process.env.NO_COLOR;
const paint = (code: number, text: string) => (useColour() ? `\x1b[${code}m${text}\x1b[0m` : text);

export function formatLocation(p: Problem): string {
  if (!p.location) return '';
  const { file, line, column } = p.location;
  return [file, line, line !== undefined ? column : undefined].filter((part) => part !== undefined).join(':');
}

/** Human-readable block for one problem: code and place, the message, the hint. */
export function formatProblem(p: Problem): string {
  const label = p.severity === 'error' ? paint(31, 'error') : paint(33, 'warning');
  const where = formatLocation(p);
  return [
    `${label} ${paint(1, p.code)}${where ? `  ${where}` : ''}`,
    `  ${p.message}`,
    `  ${paint(2, `hint: ${p.hint}`)}`,
  ].join('\n');
}

export function formatProblems(problems: Problem[]): string {
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  const counts = [
    errors && `${errors} error${errors === 1 ? '' : 's'}`,
    warnings && `${warnings} warning${warnings === 1 ? '' : 's'}`,
  ]
    .filter(Boolean)
    .join(', ');
  return `${problems.map(formatProblem).join('\n\n')}\n\n${counts}\n`;
}

/**
 * One line per problem, `file:line:column: severity CODE message (hint: ...)`, for editors'
 * problem matchers (.vscode/tasks.json) and tools that read a line at a time. A problem in a file
 * but at no line is placed at 1:1 of it; one in no file (a missing package) starts `site:`.
 */
export function formatProblemLine(p: Problem): string {
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
  const where = p.location ? `${p.location.file}:${p.location.line ?? 1}:${p.location.column ?? 1}` : 'site';
  return `${where}: ${p.severity} ${p.code} ${oneLine(p.message)} (hint: ${oneLine(p.hint)})`;
}
