// #17 item 6: a request is refused 503 `service_unavailable` with Retry-After when the queue ahead
// of it is too long; one slow operation alone refuses nothing; an unloaded server sheds nothing.
// The clients are another process, so their requests reach the server while it is busy.
import { spawn } from 'node:child_process';
import { createHandlers } from '../../electron/service/rpc/router.js';
import { createHttpServer } from '#server/http-server';
import { LoadShedder } from '#server/load-shed';
import { MetaService } from '#shared/gen/svc/meta/v1/meta_pb';
import { describe, expect, it } from 'vitest';

const GET_INFO = '/svc.meta.v1.MetaService/GetInfo';
const BLOCK_MS = 1200;

interface Answer {
  status: number;
  retryAfter: string | null;
  body: string;
}

// Sends `n` requests at once when told to on stdin; prints their answers as JSON.
const CLIENTS = `
const http = require('node:http');
const [url, n] = [process.argv[1], Number(process.argv[2])];
process.stdin.once('data', () => {
  const out = [];
  for (let i = 0; i < n; i++) {
    const req = http.request(url, { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => {
        out.push({ status: res.statusCode, retryAfter: res.headers['retry-after'] ?? null, body });
        if (out.length === n) process.stdout.write(JSON.stringify(out), () => process.exit(0));
      });
    });
    req.end('{}');
  }
});
process.stdout.write('ready\\n');
`;

/** A server whose first GetInfo holds the thread BLOCK_MS after starting `n` requests from another process. */
async function burstBehindSlowQuery(shed: LoadShedder | undefined, n: number): Promise<Answer[]> {
  let calls = 0;
  let release: () => void = () => {};
  const handlers = createHandlers((router) =>
    router.service(MetaService, {
      getInfo() {
        if (calls++ === 0) {
          release();
          const end = performance.now() + BLOCK_MS;
          while (performance.now() < end); // a query holding the thread, as a slow SQLite call does
        }
        return { jobCount: 1 };
      },
      listFacets() {
        throw new Error('not used');
      },
    }),
  );
  const http = createHttpServer({ handlers, ...(shed ? { shed } : {}) });
  const url = await http.listen(0, '127.0.0.1');
  try {
    const child = spawn(process.execPath, ['-e', CLIENTS, url + GET_INFO, String(n)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const done = new Promise<void>((r) => child.once('exit', () => r()));
    // Listening on stdin, so the burst starts while the slow query holds the server.
    while (!out.startsWith('ready\n')) await new Promise((r) => setTimeout(r, 10));
    release = () => child.stdin.write('go\n');
    const slow = await fetch(url + GET_INFO, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(slow.status).toBe(200);
    await done;
    return JSON.parse(out.slice('ready\n'.length)) as Answer[];
  } finally {
    await http.close();
  }
}

describe('load shedding', { timeout: 30_000 }, () => {
  it('serves, in order, requests that arrived while one slow operation held the thread', async () => {
    // One long operation (a crawl's write in `serve --user-data`) is not overload: refusing what
    // arrived meanwhile would only make every page that asked show an error.
    const answers = await burstBehindSlowQuery(new LoadShedder({ maxWaitMs: 300 }), 10);
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
  });

  it('without shedding the same requests are all served, late', async () => {
    const answers = await burstBehindSlowQuery(undefined, 10);
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
  });

  it('refuses on arrival when the requests already queued would take longer than maxWaitMs', () => {
    const shed = new LoadShedder({ maxWaitMs: 300 });
    expect(shed.admit(250)).toBeUndefined();
    shed.release();
    expect(shed.admit(400)).toBe('the service is overloaded (about 400 ms of requests queued); try again shortly');
  });

  it('sheds nothing while the server keeps up, and refuses past maxInFlight', () => {
    const shed = new LoadShedder({ maxWaitMs: 300, maxInFlight: 2 });
    for (let i = 0; i < 50; i++) {
      expect(shed.admit()).toBeUndefined();
      shed.release();
    }
    expect(shed.overdue(performance.now())).toBeUndefined();
    expect(shed.overdue(performance.now() - 400)).toMatch(/this request waited \d+ ms/);
    expect(shed.admit()).toBeUndefined();
    expect(shed.admit()).toBeUndefined();
    expect(shed.admit()).toMatch(/2 requests in progress/);
  });
});
