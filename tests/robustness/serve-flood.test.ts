import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { forms } from '../functions/helpers/forms.ts';
import type { FloodPlan, FloodReport } from '../serve/helpers/flood.ts';
import { startFixtureServer, type TestServer } from '../serve/helpers/server.ts';

/**
 * Floods from another process (tests/serve/helpers/flood.ts) while this one plays a visitor and
 * times each of its requests. The visitor comes from 127.0.0.2, the flood from 127.0.0.1: to the
 * server, two addresses, as on the internet.
 */
const visitorAddress = '127.0.0.2';
/**
 * A visit's time is split where its connection is made. Before: the kernel's. When a flood fills
 * the listen queue (511) the kernel drops the visitor's SYN, and its client sends it again 1, 3, 7
 * and 15 s after the first: a clean-clone CI run (2026-11-28 18:13) waited 10.1 s for a page
 * (likely let in at the fourth try, 7 s after the first); no server answers a connection it has
 * not been given. After: the server's, the wait behind the queued connections included. The limits
 * below are on that part; the whole visit is bounded by `visitDeadlineMs`, so a server that stops
 * answering still fails.
 */
// Generous for a shared 2-core CI machine running other tests at the same time; the figures seen
// (docs/robustness.md) are far lower.
const slowestAnswerMs = 5000;
// During the page flood the visitor waits behind up to 511 queued page requests: at the ~150 pages
// a second of a loaded CI machine, 3.4 s.
const slowestAnswerDuringPageFloodMs = 10_000;
// Long enough for a SYN dropped five times (the fifth try goes 15 s after the first) and its answer.
const visitDeadlineMs = 30_000;

let server: TestServer;
beforeAll(async () => {
  // The default rate limit (20 posts a minute per address) stays on: it is part of the defence.
  // 4 s for a head: at 2 s, a CI machine 1.4 times slower than usual answered 863 of a 2,000-page flood with
  // 408 (its thread starved by the other test files), a failure of the machine, not of the defence.
  server = await startFixtureServer({ limits: { headersTimeoutMs: 4000 } });
});
afterAll(() => server.stop());

function startFlood(
  on: TestServer,
  plan: Omit<FloodPlan, 'url'>,
): { opened: Promise<number>; done: Promise<FloodReport> } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', resolve('tests/serve/helpers/flood.ts'), JSON.stringify({ url: on.url, ...plan })],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout });
  let opened!: (ms: number) => void;
  let done!: (report: FloodReport) => void;
  const result = {
    opened: new Promise<number>((ok) => (opened = ok)),
    done: new Promise<FloodReport>((ok) => (done = ok)),
  };
  lines.on('line', (line) => {
    const message = JSON.parse(line) as { event: string; afterMs?: number } & FloodReport;
    if (message.event === 'open') opened(message.afterMs ?? 0);
    if (message.event === 'done') done(message);
  });
  child.once('exit', (code) => {
    opened(-1);
    if (code !== 0) done({ statuses: {}, errors: -1, errorCodes: {}, stillOpen: -1, elapsedMs: -1 });
  });
  return result;
}

interface Visit {
  status: number;
  /** From the request to the end of its answer. */
  ms: number;
  /** The part of `ms` before the connection was made (the kernel's: see `slowestAnswerMs`). */
  connectMs: number;
}

/** One visitor request on a new connection (as a new visitor opens one): its status and times. */
function visit(on: TestServer, path: string, init: { method?: string; body?: string } = {}): Promise<Visit> {
  const { hostname, port } = new URL(on.url);
  const started = performance.now();
  let connectMs = Number.NaN;
  return new Promise((done, fail) => {
    const headers = init.body === undefined ? {} : { 'content-type': 'application/json', origin: on.url };
    const req = request(
      { host: hostname, port, path, method: init.method ?? 'GET', headers, localAddress: visitorAddress, agent: false },
      (res) => {
        res.resume();
        res.on('end', () => {
          clearTimeout(deadline);
          done({ status: res.statusCode ?? 0, ms: performance.now() - started, connectMs });
        });
      },
    );
    req.once('socket', (socket) => socket.once('connect', () => (connectMs = performance.now() - started)));
    // Not req.setTimeout: that counts only once connected, and a dropped SYN is retried for minutes.
    const deadline = setTimeout(
      () => req.destroy(new Error(`${path}: no answer within ${visitDeadlineMs} ms`)),
      visitDeadlineMs,
    );
    req.on('error', (error) => {
      clearTimeout(deadline);
      fail(error);
    });
    req.end(init.body);
  });
}

/** Visits `path` every `everyMs` until `until` settles; the status and time of each visit. */
async function visitDuring(on: TestServer, until: Promise<unknown>, path: string, everyMs = 150) {
  const visits: Visit[] = [];
  let flooding = true;
  void until.finally(() => (flooding = false));
  while (flooding) {
    visits.push(await visit(on, path));
    await new Promise((wait) => setTimeout(wait, everyMs));
  }
  return visits;
}

const slowest = (times: number[]) => Math.round(Math.max(0, ...times));
const summary = (visits: Visit[]) => {
  const times = visits.map((visit) => visit.ms).sort((a, b) => a - b);
  return {
    visits: times.length,
    medianMs: Math.round(times[Math.floor(times.length / 2)] ?? 0),
    slowestMs: slowest(times),
    slowestConnectMs: slowest(visits.map((visit) => visit.connectMs)),
    slowestAnswerMs: slowestAnswer(visits),
  };
};
/** The slowest visit's time after its connection was made: the server's part. */
const slowestAnswer = (visits: Visit[]) => slowest(visits.map((visit) => visit.ms - visit.connectMs));

/**
 * The flood's connections the kernel shed: a reset with no answer, which it sends to a connection
 * whose handshake it dropped from a full listen queue (the server, starved, accepted too slowly).
 * Beside three CPU burners, 2026-11-28: 180 of 2,000 in a page flood, and the kernel counted 180
 * resets sent, 7,007 listen overflows and no close with unread data (TCPAbortOnClose 0: the server
 * itself reset none). So resets count only up to the overflows the kernel reports during the flood
 * (none where it cannot tell), at most a quarter of the flood, and no other error does.
 */
function shedByTheKernel(report: FloodReport): number {
  const shed = report.errorCodes.ECONNRESET ?? 0;
  expect(
    Object.keys(report.errorCodes).filter((code) => code !== 'ECONNRESET'),
    JSON.stringify(report.errorCodes),
  ).toEqual([]);
  expect(shed, `resets against the kernel's listen overflows (${report.listenOverflows})`).toBeLessThanOrEqual(
    Math.min(report.listenOverflows ?? 0, 500),
  );
  return shed;
}

describe.sequential('a flood does not stop the server answering others', () => {
  test('2,000 connections at once asking for pages, replaced as they are answered, for 3 s', async () => {
    const flood = startFlood(server, {
      connections: 2000,
      mode: 'answer',
      durationMs: 3000,
      request: 'GET /kampen HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: br\r\nConnection: close\r\n\r\n',
    });
    await flood.opened;
    const visits = await visitDuring(server, flood.done, '/nl/kampen');
    const report = await flood.done;
    console.log('page flood', report, summary(visits));
    // Every flood connection ends answered or shed (see `shedByTheKernel`). Answered: a page, or a 408
    // when the server had not read its head within the 4 s head limit. The flood writes its head at
    // once, so a 408 means the server's own thread was starved by other work (load 24 on 2 cores,
    // 2026-11-27 02:03: 57 of 2,000): the defence doing its job on a saturated machine. A server that
    // answers mostly 408, refuses, or leaves connections open still fails.
    const answered = (report.statuses['200'] ?? 0) + (report.statuses['408'] ?? 0);
    const shed = shedByTheKernel(report);
    expect(Object.keys(report.statuses).filter((status) => status !== '200' && status !== '408')).toEqual([]);
    expect(report.stillOpen).toBe(0);
    expect(answered + shed).toBeGreaterThanOrEqual(2000);
    expect(report.statuses['200'] ?? 0).toBeGreaterThan((answered + shed) / 2);
    expect(visits.length).toBeGreaterThan(0);
    for (const { status } of visits) expect(status).toBe(200);
    expect(slowestAnswer(visits)).toBeLessThan(slowestAnswerDuringPageFloodMs);
  }, 120_000); // a visit that began just before the flood's end may take up to visitDeadlineMs

  test('2,000 slowloris connections trickling their heads: the visitor is served, the flood cut off', async () => {
    const flood = startFlood(server, {
      connections: 2000,
      mode: 'hold',
      durationMs: 10_000,
      trickleMs: 300,
      request: `GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ${'s'.repeat(100)}`,
    });
    await flood.opened;
    const visits = await visitDuring(server, flood.done, '/kampen');
    const report = await flood.done;
    console.log('slowloris flood', report, summary(visits));
    // Every held connection was closed by the server's head timeout (4 s here), none left for the
    // flood's own end 10 s after its last connection opened: each got its 408, or a reset where the
    // close crossed a byte in flight.
    expect(report.stillOpen).toBe(0);
    expect((report.statuses['408'] ?? 0) + report.errors).toBe(2000);
    for (const { status } of visits) expect(status).toBe(200);
    expect(slowestAnswer(visits)).toBeLessThan(slowestAnswerMs);
  });

  test('2,000 form posts at once from one address: 20 go through, the rest get 429, a visitor still posts', async () => {
    // A server of its own with the default head timeout: the 4 s above is for the slowloris test,
    // and on a busy machine a post whose bytes were sent at once could still wait 4 s to be read
    // among 2,000 connections and get a 408 where this test asks about the rate limit.
    const formServer = await startFixtureServer();
    try {
      const body = JSON.stringify(forms.contact);
      const post = `POST /mail/send-new HTTP/1.1\r\nHost: localhost\r\nOrigin: ${formServer.url}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
      // The flood's Origin is the server's own address, so the posts pass the CSRF check: only the limit stops them.
      const flood = startFlood(formServer, { connections: 2000, mode: 'answer', durationMs: 0, request: post });
      await flood.opened;
      const visits = await visitDuring(formServer, flood.done, '/kampen', 50);
      const report = await flood.done;
      const form = await visit(formServer, '/mail/send-new', { method: 'POST', body });
      console.log('form flood', report, summary(visits), form);
      const shed = shedByTheKernel(report);
      expect(report.statuses).toEqual({ 200: 20, 429: 1980 - shed });
      expect(form.status).toBe(200);
      for (const { status } of visits) expect(status).toBe(200);
      expect(slowestAnswer(visits)).toBeLessThan(slowestAnswerMs);
    } finally {
      await formServer.stop();
    }
  }, 120_000); // the flood waits up to 60 s for its answers on a starved machine (helpers/flood.ts)
});
