// Loaded into every Node process of a Firebase emulator run (NODE_OPTIONS=--require): a
// connection or name lookup beyond this machine fails at once, as it would offline, and is
// written to SITE_OFFLINE_LOG, so a test can show what the run tried to reach and that it
// needed none of it.
const dns = require('node:dns');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');

const log = process.env.SITE_OFFLINE_LOG;
// This machine: loopback, and the addresses of its own interfaces (port finders listen on each).
const own = new Set(
  Object.values(os.networkInterfaces())
    .flat()
    .map((info) => info.address),
);
const isLocal = (host) =>
  host === undefined ||
  host === '' ||
  host === 'localhost' ||
  host === '0.0.0.0' ||
  host === '::' ||
  own.has(host) ||
  /^127\./.test(host) ||
  /^::ffff:127\./.test(host);
const record = (what) => {
  if (log) fs.appendFileSync(log, `${process.pid} ${process.argv.slice(1, 3).join(' ')}: ${what}\n`);
};
const offline = (what) => Object.assign(new Error(`offline: ${what}`), { code: 'ENETUNREACH' });

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(...args) {
  const [first, second] = args;
  const options = Array.isArray(first)
    ? first[0]
    : first !== null && typeof first === 'object'
      ? first
      : { port: first, host: typeof second === 'string' ? second : undefined };
  if (options && options.path === undefined && !isLocal(options.host)) {
    record(`connect ${options.host}:${options.port}`);
    process.nextTick(() => this.destroy(offline(`${options.host}:${options.port}`)));
    return this;
  }
  return connect.apply(this, args);
};

const lookup = dns.lookup;
dns.lookup = function guardedLookup(host, ...rest) {
  if (isLocal(host)) return lookup.call(this, host, ...rest);
  record(`lookup ${host}`);
  const callback = rest.at(-1);
  process.nextTick(() => callback(Object.assign(offline(host), { code: 'ENOTFOUND' })));
  return {};
};
const lookupPromise = dns.promises.lookup;
dns.promises.lookup = function guardedLookupPromise(host, ...rest) {
  if (isLocal(host)) return lookupPromise.call(this, host, ...rest);
  record(`lookup ${host}`);
  return Promise.reject(Object.assign(offline(host), { code: 'ENOTFOUND' }));
};
