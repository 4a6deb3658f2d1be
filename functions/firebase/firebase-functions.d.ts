/**
 * The little of firebase-functions the adapter uses. The package is not installed here (Firebase
 * installs it from dist/functions/package.json at deploy), so its shape is declared by hand.
 */
declare module 'firebase-functions/v2/https' {
  import type { IncomingHttpHeaders } from 'node:http';

  /** Firebase's Express request: the body already read into rawBody. */
  export interface Request {
    method: string;
    originalUrl: string;
    headers: IncomingHttpHeaders;
    rawBody?: Buffer;
    ip?: string;
  }

  export interface Response {
    status(code: number): Response;
    setHeader(name: string, value: string | string[]): unknown;
    end(body?: Buffer): unknown;
  }

  export interface HttpsOptions {
    region?: string;
    memory?: string;
    maxInstances?: number;
    concurrency?: number;
    timeoutSeconds?: number;
  }

  export function onRequest(options: HttpsOptions, handler: (request: Request, response: Response) => void | Promise<void>): unknown;
}
