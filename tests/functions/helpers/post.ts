/** POST JSON the way the site's own islands do: same origin, JSON body. */
export function postJson(baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
