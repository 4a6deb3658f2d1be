export interface DevEvent {
  event: string;
  data: { paths?: string[]; css?: string; html?: string; files?: string[] };
}

export interface PageInfo {
  status: number;
  html: string;
  /** What the dev client says about the page: its id and fingerprint. */
  page: string;
  print: string;
}

/** A page as the browser gets it, with what its dev client script would send. */
export async function getPage(url: string, path: string): Promise<PageInfo> {
  const response = await fetch(`${url}${path}`, { redirect: 'manual' });
  const html = await response.text();
  const attr = (name: string) => new RegExp(`data-${name}="([^"]*)"`).exec(html)?.[1]?.replace(/&#124;/g, '|') ?? '';
  return { status: response.status, html, page: attr('page'), print: attr('print') };
}

export interface EventClient {
  events: DevEvent[];
  /** The first event (from index `from` on) that satisfies `test`, waiting up to `ms`. */
  next(test: (event: DevEvent) => boolean, ms?: number, from?: number): Promise<DevEvent>;
  close(): void;
}

/**
 * The event stream as an open page's dev client reads it: /__site/events with the page's path,
 * id and fingerprint. Parsed from the raw text/event-stream body.
 */
export async function openEvents(
  url: string,
  path: string,
  page: Pick<PageInfo, 'page' | 'print'>,
): Promise<EventClient> {
  const controller = new AbortController();
  const query = new URLSearchParams({ path, page: page.page, print: page.print });
  const response = await fetch(`${url}/__site/events?${query}`, { signal: controller.signal });
  if (response.status !== 200 || !response.body) throw new Error(`event stream: ${response.status}`);
  const events: DevEvent[] = [];
  const listeners = new Set<() => void>();
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (name && data) events.push({ event: name, data: JSON.parse(data) as DevEvent['data'] });
          for (const listener of listeners) listener();
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    events,
    next(test, ms = 30_000, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(from).find(test);
          if (!found) return;
          clearTimeout(timer);
          listeners.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(
            new Error(
              `no such event within ${ms} ms; events so far: ${JSON.stringify(events.map((e) => [e.event, e.data.paths ?? '']))}`,
            ),
          );
        }, ms);
        listeners.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}

export const isChangeOf = (path: string) => (event: DevEvent) =>
  event.event === 'change' && (event.data.paths ?? []).includes(path);
