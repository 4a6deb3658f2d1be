import type { Server, ServerOptions } from 'node:http';

/**
 * How long and how much a client may take before the server gives up on it. A client that
 * trickles its headers or never finishes its body (slowloris) would otherwise hold a socket and
 * its memory for as long as it likes.
 */
export interface ServerLimits {
  /** The whole request head must arrive within this many ms, else 408 and close. */
  headersTimeoutMs: number;
  /** The whole request, head and body, must arrive within this many ms, else 408 and close. */
  requestTimeoutMs: number;
  /** A kept-alive connection with no request in flight is closed after this many ms. */
  keepAliveTimeoutMs: number;
  /** Largest request head (request line and headers) in bytes; more gets 431. */
  maxHeaderBytes: number;
}

/**
 * A real visitor sends its head in one packet and a form of at most 64 KB in well under a
 * second, even on a bad mobile line; the limits leave ample room for that and none for a socket
 * held open for minutes. 16 KB of head is Node's default and more than any browser sends.
 */
export const defaultLimits: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxHeaderBytes: 16 * 1024,
};

export function resolveLimits(overrides: Partial<ServerLimits> = {}): ServerLimits {
  const limits = { ...defaultLimits, ...overrides };
  // Node refuses a head timeout longer than the whole request's: the head is part of the request.
  limits.headersTimeoutMs = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return limits;
}

export function serverOptions(limits: ServerLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    maxHeaderSize: limits.maxHeaderBytes,
    // Node checks the two timeouts above only this often (30 s by default), so a 10 s limit could
    // let a slow client stay 40 s. A check walks the open connections: cheap even every second.
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
  };
}

export function applyLimits(server: Server, limits: ServerLimits): void {
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
}
