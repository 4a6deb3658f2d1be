/**
 * The browser's side of /api/registrations (functions/registrations/): one small fetch helper,
 * and the places-left figures shared by every island on a page (one request, however many
 * cards). Kept apart from the link and date helpers, so the sign-up form downloads only this.
 */
export type Answer<T> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: number; message: string; field?: string };

export async function requestJson<T>(
  method: 'GET' | 'POST',
  url: string,
  failure: string,
  options: { body?: unknown; token?: string } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers['x-registration-token'] = options.token;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
  } catch {
    return { ok: false, status: 0, message: failure };
  }
  const body = (await response.json().catch(() => undefined)) as
    | (T & { statusMessage?: unknown; field?: unknown })
    | undefined;
  if (response.ok && body !== undefined) return { ok: true, status: response.status, body };
  const message =
    typeof body?.statusMessage === 'string' && body.statusMessage.trim() !== '' ? body.statusMessage : failure;
  return typeof body?.field === 'string'
    ? { ok: false, status: response.status, message, field: body.field }
    : { ok: false, status: response.status, message };
}

export interface Places {
  capacity: number;
  confirmed: number;
  waitlisted: number;
  placesLeft: number;
}

let placesRequest: Promise<Record<string, Places> | undefined> | undefined;

/** Places left per event id, asked once per page; undefined when the function cannot be reached. */
export function placesLeft(): Promise<Record<string, Places> | undefined> {
  placesRequest ??= requestJson<{ events: Record<string, Places> }>('GET', '/api/registrations/places', '').then(
    (answer) => (answer.ok ? answer.body.events : undefined),
  );
  return placesRequest;
}
