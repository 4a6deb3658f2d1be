import { CLIENT_PATH } from './client.ts';

const attribute = (text: string) => text.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A rendered page as `site dev` sends it: with the dev client (which page this is and its
 * fingerprint, so the server can tell the client when it is out of date) and, while the site
 * has errors, the overlay. A page without </head> (a template's own choice) gets the script first.
 */
export function injectDev(html: string, options: { page: string; print: string; overlay?: string }): string {
  const tag = `<script src="${CLIENT_PATH}" data-page="${attribute(options.page)}" data-print="${attribute(options.print)}" defer></script>`;
  const head = html.indexOf('</head>');
  let out = head === -1 ? `${tag}${html}` : `${html.slice(0, head)}${tag}${html.slice(head)}`;
  if (options.overlay) {
    const body = out.lastIndexOf('</body>');
    out = body === -1 ? `${out}${options.overlay}` : `${out.slice(0, body)}${options.overlay}${out.slice(body)}`;
  }
  return out;
}

/** The whole answer while there is no good version of the site to show: only the overlay. */
export function overlayDocument(overlay: string, options: { page: string; print: string }): string {
  return injectDev(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>site dev: error</title></head><body>${overlay}</body></html>`,
    options,
  );
}
