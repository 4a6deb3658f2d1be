import { escapeHtml } from '../../shared/escape-html.ts';

/** Plain-text and HTML bodies from a list of labelled fields; every value is escaped for HTML. */

export interface Row {
  label: string;
  value: string;
}

/** Multi-line values are indented under their label so the text mail stays readable. */
export function renderText(intro: string, rows: Row[], outro = ''): string {
  const body = rows.map(({ label, value }) =>
    value.includes('\n')
      ? `${label}:\n${value
          .split(/\r?\n/)
          .map((line) => `  ${line}`)
          .join('\n')}`
      : `${label}: ${value}`,
  );
  return `${[intro, '', ...body, ...(outro ? ['', outro] : [])].join('\n')}\n`;
}

export function renderHtml(intro: string, rows: Row[], outro = ''): string {
  const cell = 'padding:4px 12px 4px 0;vertical-align:top;text-align:left';
  const table = rows
    .map(
      ({ label, value }) =>
        `<tr><th style="${cell}">${escapeHtml(label)}</th><td style="${cell};white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  return [
    '<!doctype html>',
    '<html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>${escapeHtml(intro)}</p>`,
    `<table role="presentation">\n${table}\n</table>`,
    outro ? `<p>${escapeHtml(outro)}</p>` : '',
    '</body></html>',
  ].join('\n');
}
