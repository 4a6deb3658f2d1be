import type { Locale } from '../shared/locale.ts';

/** A failure a handler reports to the visitor: a status, a message they can read, the field at fault. */
export class HttpError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  readonly headers: Record<string, string>;
  constructor(status: number, statusMessage: string, field?: string, headers: Record<string, string> = {}) {
    super(statusMessage);
    this.name = 'HttpError';
    this.status = status;
    this.field = field;
    this.headers = headers;
  }
}

/**
 * An answer for one visitor (their session, their registrations, the cookie they get): kept by
 * no cache. `private` matters on Firebase: Hosting passes Set-Cookie only on private answers.
 */
export const noStore = 'private, no-store';

/** JSON answer; function answers are per visitor unless a handler says otherwise (places). */
export function json(status: number, body: unknown, headers: HeadersInit = {}): Response {
  const response = new Response(JSON.stringify(body), { status, headers });
  response.headers.set('content-type', 'application/json; charset=utf-8');
  response.headers.set('cache-control', noStore);
  return response;
}

/** The media type of a request's body, without parameters, lower case ('' when none). */
export function mediaTypeOf(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** The error shape the islands read: `statusMessage` is shown to the visitor as is (spec §7). */
export function errorResponse(error: HttpError): Response {
  const body =
    error.field === undefined ? { statusMessage: error.message } : { statusMessage: error.message, field: error.field };
  return json(error.status, body, error.headers);
}

const messages = {
  nl: {
    tooLarge: 'Het bericht is te groot om te versturen.',
    notJson: 'Het formulier kon niet worden gelezen (geen geldige JSON).',
    mediaType: 'Het formulier moet als JSON worden verstuurd.',
  },
  en: {
    tooLarge: 'The message is too large to send.',
    notJson: 'The form could not be read (not valid JSON).',
    mediaType: 'The form must be sent as JSON.',
  },
} as const;

/** The language of an Accept-Language header's first choice: English or else Dutch. */
export function localeOfAcceptLanguage(accept: string | null | undefined): Locale {
  const first = (accept ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'nl';
}

/** The visitor's language before their body is parsed: from Accept-Language, Dutch by default. */
export function requestLocale(request: Request): Locale {
  return localeOfAcceptLanguage(request.headers.get('accept-language'));
}

/** A body over the limit; `site serve` refuses it before a function reads it, Firebase here. */
export function bodyTooLarge(locale: Locale): HttpError {
  return new HttpError(413, messages[locale].tooLarge);
}

/**
 * The request body as text, refusing more than `limit` bytes while reading (not after), so a
 * 2 MB post costs at most `limit` bytes of memory.
 */
export async function readText(request: Request, limit: number, locale: Locale): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) throw bodyTooLarge(locale);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw bodyTooLarge(locale);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The body parsed as JSON (application/json only), or a 4xx the visitor can act on. */
export async function readJson(request: Request, limit: number, locale: Locale): Promise<unknown> {
  if (mediaTypeOf(request) !== 'application/json') throw new HttpError(415, messages[locale].mediaType);
  const text = await readText(request, limit, locale);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, messages[locale].notJson);
  }
}
