/**
 * POST a form as JSON and say how it went. The server answers a failure with
 * `{ statusMessage, field? }` (functions/http.ts); that message is shown as is (spec §7, §8).
 * Anything else (no network, a proxy's HTML error page) gets the form's own failure message.
 */
export type SendResult = { ok: true } | { ok: false; message: string; field?: string };

export async function sendJson(
  url: string,
  body: unknown,
  failure: string,
  fetcher: typeof fetch = fetch,
): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetcher(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    return { ok: false, message: failure };
  }
  if (response.ok) return { ok: true };
  const answer = (await response.json().catch(() => undefined)) as
    | { statusMessage?: unknown; field?: unknown }
    | undefined;
  const message =
    typeof answer?.statusMessage === 'string' && answer.statusMessage.trim() !== '' ? answer.statusMessage : failure;
  return typeof answer?.field === 'string' ? { ok: false, message, field: answer.field } : { ok: false, message };
}
