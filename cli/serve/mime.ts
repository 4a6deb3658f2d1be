import { extname } from 'node:path';

/** Content types of what a build writes; anything else is served as bytes. */
const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  // An event's calendar file: a browser hands it to the calendar app instead of showing bytes.
  '.ics': 'text/calendar; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
};

export function contentType(file: string): string {
  return types[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Text formats shrink well; images and fonts are compressed already. */
export function isCompressible(type: string): boolean {
  return /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/.test(type);
}
