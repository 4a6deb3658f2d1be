// JavaScript and CSS a page really loaded in the Lighthouse run, gzipped (level 9, as site serve
// sends gzip and as scripts/js-budget.mjs counts), inline <style> and <script> included.
import { gzipSync } from 'node:zlib';

const gz = (text) => (text.length ? gzipSync(text, { level: 9 }).length : 0);

async function body(url) {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  // A file gone since the run means the build changed under the measurement: say so, never count 0.
  if (!response.ok)
    throw new Error(`lighthouse: ${url} answered ${response.status} after the run (was the build replaced?)`);
  return Buffer.from(await response.arrayBuffer());
}

/** Inline styles, and inline scripts a browser runs (JSON props and JSON-LD are data). */
function inlineCode(html) {
  const css = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]).join('');
  const js = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((m) => !/\bsrc=/.test(m[1]) && !/type="application\/(ld\+)?json"/.test(m[1]))
    .map((m) => m[2])
    .join('');
  return { css, js };
}

/** { js, css } in gzipped bytes for one page, from the requests of its Lighthouse report. */
export async function pageBytes(lhr, origin) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const sum = { js: 0, css: 0 };
  const seen = new Set();
  for (const item of items) {
    const kind = item.resourceType === 'Script' ? 'js' : item.resourceType === 'Stylesheet' ? 'css' : undefined;
    if (!kind || seen.has(item.url)) continue;
    seen.add(item.url);
    // Same-origin files are measured from the server; anything else as it came over the wire.
    sum[kind] += item.url.startsWith(origin) ? gz(await body(item.url)) : (item.transferSize ?? 0);
  }
  // The page itself (the last document: the first may have redirected).
  const document = items.filter((item) => item.resourceType === 'Document').at(-1);
  if (document) {
    const inline = inlineCode((await body(document.url)).toString('utf8'));
    sum.css += gz(inline.css);
    sum.js += gz(inline.js);
  }
  return sum;
}
