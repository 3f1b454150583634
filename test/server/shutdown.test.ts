// SIGTERM while a request is in flight: the server stops accepting, finishes that request, and
// exits 0 (the index is closed after the last response).
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, expect, inject, it } from 'vitest';
import { ensureBuilt } from '../helpers/built-dist.js';
import { rawExchange } from './raw-http.js';
import { serve } from './serve-process.js';

beforeAll(ensureBuilt);

it('SIGTERM lets a slow in-flight request complete, refuses new ones, exits 0', async () => {
  const s = await serve('--db', inject('fixtureIndex'));
  const body = JSON.stringify({ query: { query: 'engineer', limit: 2 } });
  const half = body.length >> 1;
  let finish!: () => void;
  // A slow client: headers and half the body now, the rest after the signal.
  const answer = rawExchange(s.url, (sock) => {
    sock.write(
      `POST /svc.jobs.v1.JobsService/List HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, half)}`,
    );
    finish = () => sock.write(body.slice(half));
  });
  await sleep(300);
  const exited = s.stop('SIGTERM');
  await sleep(300);
  const { port } = new URL(s.url);
  const refused = await new Promise<string>((resolve) => {
    const c = connect(Number(port), '127.0.0.1', () => (c.destroy(), resolve('accepted')));
    c.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
  });
  expect(refused).toBe('ECONNREFUSED');
  expect(s.child.exitCode).toBeNull();
  finish();
  const r = await answer;
  expect(r.status).toBe(200);
  expect(JSON.parse(r.body).data).toHaveLength(2);
  expect(await exited).toBe(0);
  expect(s.problems()).toEqual([]);
});

it('SIGINT with no request in flight exits 0 at once', async () => {
  const s = await serve('--db', inject('fixtureIndex'));
  await fetch(s.url + '/svc.meta.v1.MetaService/GetInfo', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const t = performance.now();
  expect(await s.stop('SIGINT')).toBe(0);
  // A kept-alive idle connection from the fetch above must not hold shutdown.
  expect(performance.now() - t).toBeLessThan(3000);
});
