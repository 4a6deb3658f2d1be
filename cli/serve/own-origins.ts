import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';

const wildcard = new Set(['0.0.0.0', '::']);

const origin = (host: string, port: number) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

/**
 * The origins a browser has when it opens pages straight from this server (`site serve`,
 * `site dev`): the address it listens on, `localhost` on that port, and, listening on every
 * interface, each of the machine's addresses. Forms posted from there are the site's own. Known
 * from the listening socket, never from a request's Host: only names the browser resolves to
 * this machine itself, or bare addresses, which a page on another site (DNS rebinding) never has.
 */
export function ownOrigins(address: AddressInfo): string[] {
  const hosts = wildcard.has(address.address)
    ? Object.values(networkInterfaces()).flatMap((entries) => (entries ?? []).map((entry) => entry.address))
    : [address.address];
  return [...new Set([...hosts, 'localhost'].map((host) => origin(host, address.port)))];
}
