import type { IncomingMessage, ServerResponse } from 'node:http';

/** An open page, as its dev client said when it connected: where it is and what it shows. */
export interface DevClient {
  path: string;
  /** Page id (pageId) it was rendered as, or `none` for the error document. */
  page: string;
  /** Fingerprint of what it shows. */
  print: string;
}

interface Connection extends DevClient {
  res: ServerResponse;
}

// Below the idle timeouts of proxies and of Node's own keep-alive handling.
const PING_MS = 15_000;

/**
 * Server-sent events at /__site/events: one long response per open page. Events: `change`
 * ({ paths, css? }), `problems` ({ html, count }), `ok`.
 */
export class EventStream {
  private readonly connections = new Set<Connection>();
  private readonly ping: NodeJS.Timeout;

  constructor() {
    this.ping = setInterval(() => {
      for (const connection of this.connections) connection.res.write(': ping\n\n');
    }, PING_MS);
    this.ping.unref();
  }

  get clients(): Iterable<DevClient> {
    return this.connections;
  }

  get size(): number {
    return this.connections.size;
  }

  open(req: IncomingMessage, res: ServerResponse, client: DevClient): DevClient {
    const connection: Connection = { ...client, res };
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    // A restarted server is found again quickly: the browser retries after half a second.
    res.write('retry: 500\n\n');
    this.connections.add(connection);
    const drop = () => this.connections.delete(connection);
    req.once('close', drop);
    res.once('close', drop);
    // A page closed mid-write is a dropped client, never a crash of the server.
    res.on('error', drop);
    return connection;
  }

  send(client: DevClient, event: string, data: unknown): void {
    (client as Connection).res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  broadcast(event: string, data: unknown): void {
    for (const connection of this.connections) this.send(connection, event, data);
  }

  close(): void {
    clearInterval(this.ping);
    for (const connection of this.connections) connection.res.end();
    this.connections.clear();
  }
}
