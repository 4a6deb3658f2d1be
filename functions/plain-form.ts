import { failureReason, type FailureReason, type FormKind } from './form-results.ts';
import { HttpError, mediaTypeOf, noStore, readText, requestLocale } from './http.ts';
import type { SiteManifest } from '../shared/site-manifest.ts';
import { localeOfPath, type Locale } from '../shared/locale.ts';
import type { FunctionEnv } from './types.ts';

/**
 * Forms without JavaScript. A browser posts a form as application/x-www-form-urlencoded and shows
 * whatever comes back: a JSON answer would be a raw text page. So a post from a plain form is
 * read here, handed to the function as the JSON its island would have sent (the function and its
 * checks stay one), and the function's answer becomes `303 See Other` to a page of the site that
 * says what happened, in the form's language. The router runs its Origin check and rate limit
 * on the handed-over request, so both encodings meet the same rules; the size limit is applied
 * here to the body as sent.
 */
export const PLAIN_FORM_TYPE = 'application/x-www-form-urlencoded';

export const isPlainForm = (request: Request): boolean => mediaTypeOf(request) === PLAIN_FORM_TYPE;

/** A function's answer as the plain form's route reads it. */
export interface FunctionAnswer {
  status: number;
  /** The parsed JSON body, or undefined. */
  body: Record<string, unknown> | undefined;
}

/** What a route knows to send a plain form's visitor on: the page to go to. */
export type PlainFormRoute = (
  answer: FunctionAnswer,
  form: { fields: Record<string, unknown>; locale: Locale },
  site: SiteManifest,
) => string;

/**
 * The fields of a urlencoded body. A name with a dot is one level deeper (`answers.birthYear=2012`
 * is `{ answers: { birthYear: '2012' } }`: an event's own questions). An empty value is left out:
 * a browser sends every control, filled or not, and an empty one is a field not filled in (what
 * the islands send too). Records have no prototype, so a field named `__proto__` or `constructor`
 * is just a field the function refuses by name.
 */
export function formFields(text: string): Record<string, unknown> {
  const fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [name, value] of new URLSearchParams(text)) {
    if (value.trim() === '') continue;
    const dot = name.indexOf('.');
    if (dot <= 0) {
      fields[name] = value;
      continue;
    }
    const group = name.slice(0, dot);
    const inner = fields[group];
    const record =
      inner !== null && typeof inner === 'object'
        ? (inner as Record<string, unknown>)
        : (Object.create(null) as Record<string, unknown>);
    record[name.slice(dot + 1)] = value;
    fields[group] = record;
  }
  return fields;
}

/** A path of the result pages (`/verzonden/[id]`) filled in. */
const fill = (pattern: string, id: string) => pattern.replace('[id]', id);

/** The "sent" page of a form, in a language. */
export const sentPage = (site: SiteManifest, form: FormKind, locale: Locale): string =>
  fill(site.formResults.sent[locale], form);

/** The "not sent" page of a reason, in a language. */
export const failedPage = (site: SiteManifest, reason: FailureReason, locale: Locale): string =>
  fill(site.formResults.failed[locale], reason);

/** The failed page of any refusal: the reason from the answer's status and the field it names. */
export function failedPageOf(answer: FunctionAnswer, locale: Locale, site: SiteManifest): string {
  const field = typeof answer.body?.field === 'string' ? answer.body.field : undefined;
  return failedPage(site, failureReason(answer.status, field), locale);
}

/** A route whose success page is the "sent" page of `form` (by the fields), failures by reason. */
export function resultPages(form: (fields: Record<string, unknown>) => FormKind): PlainFormRoute {
  return (answer, { fields, locale }, site) =>
    answer.status < 300 ? sentPage(site, form(fields), locale) : failedPageOf(answer, locale, site);
}

/**
 * The form's language: its own `locale` field (every form of the site carries one), else the
 * language of the page it was posted from, else the browser's.
 */
function formLocale(fields: Record<string, unknown>, request: Request): Locale {
  if (fields.locale === 'nl' || fields.locale === 'en') return fields.locale;
  const referer = URL.canParse(request.headers.get('referer') ?? '')
    ? new URL(request.headers.get('referer')!)
    : undefined;
  if (referer && referer.origin === new URL(request.url).origin) return localeOfPath(referer.pathname);
  return requestLocale(request);
}

async function answerOf(response: Response): Promise<FunctionAnswer> {
  const body = (await response.json().catch(() => undefined)) as unknown;
  return {
    status: response.status,
    body: body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : undefined,
  };
}

/**
 * Answers a plain form's post: reads it (at most the body limit), lets `call` run the function on
 * the JSON equivalent, and sends the visitor on with 303. Cookies the function set go along.
 */
export async function answerPlainForm(
  route: PlainFormRoute,
  request: Request,
  env: FunctionEnv,
  call: (json: Request, env: FunctionEnv) => Promise<Response | undefined>,
): Promise<Response> {
  let fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  let response: Response | undefined;
  try {
    fields = formFields(await readText(request, env.bodyLimit, requestLocale(request)));
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    response = new Response(null, { status: error.status });
  }
  const locale = formLocale(fields, request);
  if (!response) {
    const body = JSON.stringify(fields);
    const headers = new Headers(request.headers);
    headers.set('content-type', 'application/json');
    headers.delete('content-length');
    const json = new Request(request.url, { method: request.method, headers, body });
    // The body was held to the limit as sent; its JSON form may be longer (escaped characters).
    response = await call(json, { ...env, bodyLimit: Math.max(env.bodyLimit, Buffer.byteLength(body)) });
  }
  const answer = response ? await answerOf(response) : { status: 404, body: undefined };
  const seeOther = seeOtherPage(route(answer, { fields, locale }, env.site));
  for (const cookie of response?.headers.getSetCookie() ?? []) seeOther.headers.append('set-cookie', cookie);
  return seeOther;
}

const seeOtherPage = (location: string) =>
  new Response(null, { status: 303, headers: { location, 'cache-control': noStore } });

/**
 * A plain form's post refused before any function saw it (`site serve` stops reading a body over
 * the limit): the "not sent" page, not a JSON error page.
 */
export function plainFormRefused(request: Request, status: number, site: SiteManifest): Response {
  return seeOtherPage(failedPageOf({ status, body: undefined }, formLocale({}, request), site));
}
