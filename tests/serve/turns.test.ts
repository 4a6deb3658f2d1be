import { expect, test } from 'vitest';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { CONNECTION_TURNS, oneAtATurn } from '../../cli/serve/turns.ts';

/**
 * A crowd of function requests on new connections, all waiting in the kernel's accept queue at
 * once (as when 200 sign-ups arrive together), made from a thread of its own while this one is
 * held: it says when every connection is made and its request written.
 */
const crowdCode = `
const { connect } = require('node:net');
const { workerData, parentPort } = require('node:worker_threads');
const { port, crowd, signal } = workerData;
const statuses = [];
let written = 0;
for (let n = 0; n < crowd; n += 1) {
  const socket = connect(port, '127.0.0.1', () => {
    socket.write('POST /api/sign-up HTTP/1.1\\r\\nHost: x\\r\\nContent-Length: 2\\r\\nConnection: close\\r\\n\\r\\n{}', () => {
      written += 1;
      if (written === crowd) (Atomics.store(signal, 0, 1), Atomics.notify(signal, 0));
    });
  });
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk));
  socket.on('close', () => {
    statuses.push(answer.split(' ')[1]);
    if (statuses.length === crowd) parentPort.postMessage(statuses);
  });
}
`;

test('function work waits while a crowd of new connections is accepted, never more than CONNECTION_TURNS turns in a row', async () => {
  const crowd = 3 * CONNECTION_TURNS + 8;
  const turns = oneAtATurn();
  // What the server did, in order: a connection accepted, or a function request's work started.
  const events: Array<'accept' | 'work'> = [];
  const server = createServer(async (_req, res) => {
    await turns.take();
    events.push('work');
    res.end('done');
  });
  server.on('connection', () => {
    events.push('accept');
    turns.connected();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(crowdCode, {
    eval: true,
    workerData: { port: (server.address() as AddressInfo).port, crowd, signal },
  });
  const answered = once(worker, 'message');
  // Held until the whole crowd waits to be accepted (Node accepts one connection per turn of its loop).
  expect(Atomics.wait(signal, 0, 0, 20_000)).toBe('ok');
  const [statuses] = (await answered) as [string[]];
  await worker.terminate();
  server.close();

  expect(statuses).toEqual(Array(crowd).fill('200'));
  const lastAccept = events.lastIndexOf('accept');
  const workWhileAccepting = events.slice(0, lastAccept).filter((event) => event === 'work').length;
  // Before the change every turn that accepted one connection also started one request's work
  // (about crowd - 2 of them before the last accept): a page connecting after the crowd waited for all of it.
  expect(workWhileAccepting).toBeLessThanOrEqual(Math.ceil(crowd / CONNECTION_TURNS));
  // ...but the work is not stopped by connections that keep coming: one per CONNECTION_TURNS turns at least.
  expect(workWhileAccepting).toBeGreaterThanOrEqual(Math.floor(crowd / (CONNECTION_TURNS + 2)));
  expect(events.filter((event) => event === 'work')).toHaveLength(crowd);
});
