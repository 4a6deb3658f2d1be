import { formatLocation } from '../errors/format.ts';
import type { Problem } from '../errors/site-error.ts';
import { escapeHtml } from '../../shared/escape-html.ts';

export const OVERLAY_ID = 'site-dev-overlay';

// Inline styles: the page's stylesheet must not reach in, and CSP allows inline styles (not scripts).
const box =
  'all:initial;position:fixed;inset:0;z-index:2147483647;overflow:auto;background:rgba(24,24,27,.96);color:#f4f4f5;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;padding:2rem;box-sizing:border-box';
const inner = 'display:block;max-width:60rem;margin:0 auto';
const line = 'display:block;margin:.25rem 0;white-space:pre-wrap;word-break:break-word';

function entry(p: Problem): string {
  const where = formatLocation(p);
  return [
    `<li data-code="${escapeHtml(p.code)}" style="display:block;margin:0 0 1.5rem;padding:1rem;border-left:4px solid #ef4444;background:#27272a">`,
    `<span style="${line};color:#fca5a5;font-weight:bold">${escapeHtml(p.code)} <span style="color:#f4f4f5;font-weight:normal">${escapeHtml(p.title)}</span></span>`,
    where ? `<span data-part="location" style="${line};color:#93c5fd">${escapeHtml(where)}</span>` : '',
    p.field ? `<span data-part="field" style="${line};color:#d4d4d8">field: ${escapeHtml(p.field)}</span>` : '',
    `<span data-part="message" style="${line}">${escapeHtml(p.message)}</span>`,
    `<span data-part="hint" style="${line};color:#a1a1aa">hint: ${escapeHtml(p.hint)}</span>`,
    '</li>',
  ].join('');
}

/**
 * The browser's view of the build's errors: the catalogue's words (code, title, file:line:column,
 * field, message, hint), as the terminal prints them with formatProblems. Warnings stay in the
 * terminal: an overlay is for what stops the site.
 */
export function overlayHtml(problems: Problem[]): string {
  const errors = problems.filter((p) => p.severity === 'error');
  if (!errors.length) return '';
  const count = `${errors.length} error${errors.length === 1 ? '' : 's'}`;
  return [
    `<div id="${OVERLAY_ID}" role="alertdialog" aria-modal="true" aria-labelledby="${OVERLAY_ID}-title" style="${box}">`,
    `<div style="${inner}">`,
    `<h1 id="${OVERLAY_ID}-title" style="display:block;font-size:1.25rem;margin:0 0 .5rem;color:#fca5a5">site dev: ${count}</h1>`,
    `<p style="${line};margin-bottom:1.5rem;color:#d4d4d8">The site shows its last good version. Fix the file and save: this overlay goes away by itself.</p>`,
    `<ol style="display:block;list-style:none;margin:0;padding:0">${errors.map(entry).join('')}</ol>`,
    '</div></div>',
  ].join('');
}
