// #17 item 6: in a burst, a connection opened while others keep the server busy is served in its
// turn, not after every busy connection has been served again and again. Node reads every ready
// socket's request in one turn of the event loop and accepts one new connection per turn, so
// without the server's FIFO (turn-queue.ts) the 30th new connection waited ~30 rounds of the busy
// ones. Asserted as an order, counted on the server: no timing.
import { spawn } from 'node:child_process';
import { createHandlers } from '../../electron/service/rpc/router.js';
import { createHttpServer } from '#server/http-server';
import { MetaService } from '#shared/gen/svc/meta/v1/meta_pb';
import { describe, expect, it } from 'vitest';

const GET_INFO = '/svc.meta.v1.MetaService/GetInfo';
const BUSY = 30; // keep-alive connections, each sending its next request as soon as answered
const ROUNDS = 60;
const LATE = 30; // connections opened at once while the busy ones are at it

// Once every busy connection has had an answer, opens LATE connections, each sending one request
// whose id says how many answers the client had when it sent it. Exits when all are answered.
const CLIENTS = `
const http = require('node:http');
const [url, busy, rounds, late] = process.argv.slice(1).map((a, i) => (i ? Number(a) : a));
let answers = 0, started = 0, pending = busy + late;
function send(agent, id, then) {
  const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'x-request-id': id } }, (res) => {
    res.resume();
    res.on('end', () => { answers++; then(); });
  });
  req.end('{}');
}
const done = () => { if (--pending === 0) process.exit(0); };
for (let c = 0; c < busy; c++) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let k = 0;
  const next = () => {
    if (k === 1 && ++started === busy) for (let i = 0; i < late; i++) send(false, 'late-' + answers, done);
    if (k === rounds) return done();
    send(agent, 'busy-' + c + '-' + k++, next);
  };
  next();
}
`;

describe('a burst of requests', { timeout: 60_000 }, () => {
  it('serves a connection opened during the burst in its turn, not after the busy connections go round again', async () => {
    const order: string[] = [];
    const handlers = createHandlers((router) =>
      router.service(MetaService, {
        getInfo(_req, ctx) {
          order.push(ctx.requestHeader.get('x-request-id') ?? '?');
          const end = performance.now() + 1;
          while (performance.now() < end); // a query's work, on the one thread
          return { jobCount: 1 };
        },
        listFacets() {
          throw new Error('not used');
        },
      }),
    );
    const http = createHttpServer({ handlers });
    const url = await http.listen(0, '127.0.0.1');
    try {
      const child = spawn(
        process.execPath,
        ['-e', CLIENTS, url + GET_INFO, String(BUSY), String(ROUNDS), String(LATE)],
        { stdio: ['ignore', 'inherit', 'inherit'] },
      );
      expect(await new Promise((r) => child.once('exit', r))).toBe(0);
    } finally {
      await http.close();
    }
    expect(order).toHaveLength(BUSY * ROUNDS + LATE);
    // For each late request: busy requests served after the client sent it and before it. In its
    // turn that is at most what was already queued (one request per connection) plus the turns
    // it took to accept the late connections.
    const servedBefore = order.flatMap((id, i) => {
      const m = /^late-(\d+)$/.exec(id);
      return m ? [order.slice(0, i).filter((x) => x.startsWith('busy-')).length - Number(m[1])] : [];
    });
    expect(servedBefore).toHaveLength(LATE);
    expect(Math.max(...servedBefore)).toBeLessThanOrEqual(2 * (BUSY + LATE));
  });
});
