import { Parser } from 'htmlparser2';

/** Which attribute of which element names a URL a visitor's browser would fetch or follow. */
const URL_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href'],
  area: ['href'],
  link: ['href'],
  img: ['src', 'srcset'],
  source: ['src', 'srcset'],
  script: ['src'],
  iframe: ['src'],
  embed: ['src'],
  audio: ['src'],
  video: ['src', 'poster'],
  track: ['src'],
  object: ['data'],
  blockquote: ['cite'],
  q: ['cite'],
  ins: ['cite'],
  del: ['cite'],
};

// Hints to open a connection, not resources: nothing to find at those addresses.
const CONNECTION_HINTS = new Set(['dns-prefetch', 'preconnect']);

/** The URLs of a srcset, without their width or density descriptors (HTML's candidate parsing). */
export function srcsetUrls(srcset: string): string[] {
  const urls: string[] = [];
  let at = 0;
  while (at < srcset.length) {
    while (at < srcset.length && /[\s,]/.test(srcset[at]!)) at++;
    const start = at;
    while (at < srcset.length && !/\s/.test(srcset[at]!)) at++;
    let url = srcset.slice(start, at);
    if (url.endsWith(',')) {
      // "a.webp,b.webp 2x": a URL that ends in commas has no descriptors.
      url = url.replace(/,+$/, '');
    } else {
      // Descriptors run to the next comma outside parentheses.
      let depth = 0;
      for (; at < srcset.length; at++) {
        const char = srcset[at];
        if (char === '(') depth++;
        else if (char === ')') depth--;
        else if (char === ',' && depth <= 0) break;
      }
    }
    if (url) urls.push(url);
  }
  return urls;
}

/** The URL of `<meta http-equiv="refresh" content="5; url=/nieuws">`, if it names one. */
const refreshUrl = (content: string): string | undefined =>
  /^\s*\d+(?:\.\d*)?\s*[;,]\s*url\s*=\s*['"]?([^'"]+)['"]?\s*$/i.exec(content)?.[1];

/**
 * Every link on a page that a check should follow: anchors, areas, stylesheets and alternates,
 * images and their srcset candidates, scripts, media, a meta refresh and meta tags whose content
 * is a whole URL (og:image). Resolved against the page (or its <base>); links that are no URL at
 * all come back as `invalid`, since a visitor's click on one leads nowhere.
 */
export function readLinks(html: string, pageUrl: string): { links: URL[]; invalid: string[] } {
  const links: URL[] = [];
  const invalid: string[] = [];
  let base = pageUrl;
  let baseSet = false;
  const add = (link: string) => {
    const trimmed = link.trim();
    if (trimmed === '') return;
    try {
      links.push(new URL(trimmed, base));
    } catch {
      invalid.push(trimmed);
    }
  };
  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        if (tag === 'base' && !baseSet && attributes.href) {
          baseSet = true;
          try {
            base = new URL(attributes.href, pageUrl).href;
          } catch {
            invalid.push(attributes.href);
          }
        }
        if (
          tag === 'link' &&
          (attributes.rel ?? '').split(/\s+/).some((rel) => CONNECTION_HINTS.has(rel.toLowerCase()))
        )
          return;
        if (tag === 'meta' && attributes.content) {
          if (attributes['http-equiv']?.toLowerCase() === 'refresh') {
            const url = refreshUrl(attributes.content);
            if (url) add(url);
          } else if (/^https?:\/\//i.test(attributes.content.trim())) {
            add(attributes.content);
          }
          return;
        }
        for (const attribute of URL_ATTRIBUTES[tag] ?? []) {
          const value = attributes[attribute];
          if (value === undefined) continue;
          if (attribute === 'srcset') for (const url of srcsetUrls(value)) add(url);
          else add(value);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return { links, invalid };
}
