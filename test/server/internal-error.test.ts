// An unexpected exception is 500 `internal_error` with nothing of the exception in the body
// (it may hold SQL), logged with the request id. No real service throws on purpose, so this
// runs the server in-process over a service that does.
import { Code, ConnectError } from '@connectrpc/connect';
import { createHandlers } from '../../electron/service/rpc/router.js';
import { createHttpServer, logUnexpected } from '#server/http-server';
import { MetaService } from '#shared/gen/svc/meta/v1/meta_pb';
import { expect, it } from 'vitest';
import { capturedLog, ERROR } from '../helpers/log-lines.js';

it('answers 500 internal_error without the message, and logs it with the request id and its stack', async () => {
  const { log, lines } = capturedLog();
  let closed = false;
  const handlers = createHandlers(
    (router) =>
      router.service(MetaService, {
        getInfo() {
          throw new Error('SqliteError: no such table: jobs_fts in SELECT secret FROM jobs');
        },
        listFacets() {
          throw new Error('not used');
        },
      }),
    { onUnexpected: logUnexpected(log) },
  );
  const http = createHttpServer({ handlers, log, onClosed: () => (closed = true) });
  const url = await http.listen(0, '127.0.0.1');
  try {
    const r = await fetch(url + '/svc.meta.v1.MetaService/GetInfo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'boom-1' },
      body: '{}',
    });
    expect(r.status).toBe(500);
    expect(r.headers.get('x-request-id')).toBe('boom-1');
    const text = await r.text();
    expect(JSON.parse(text)).toEqual({ code: 'internal_error', message: 'internal error' });
    expect(text).not.toMatch(/SELECT|Sqlite|at /);
    const failure = lines.find((l) => l.level === ERROR && l.reqId === 'boom-1');
    expect(failure?.err?.message).toContain('SELECT secret');
    expect(failure?.err?.stack).toMatch(/\n\s+at /);
    // A generated id is logged too, and is the one the client got.
    const r2 = await fetch(url + '/svc.meta.v1.MetaService/GetInfo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(lines.filter((l) => l.level === ERROR).at(-1)?.reqId).toBe(r2.headers.get('x-request-id'));
  } finally {
    await http.close();
  }
  expect(closed).toBe(true);
});

it('hands /v1/ requests to the RestHandler with the request id; its exceptions are 500 problem+json', async () => {
  const { log, lines } = capturedLog();
  const seen: string[] = [];
  const http = createHttpServer({
    handlers: new Map(),
    log,
    rest: async (req) => {
      seen.push(`${req.method} ${req.path} ${req.requestId} ${Buffer.from(req.body).toString()}`);
      if (req.path === '/v1/boom') throw new Error('UNIQUE constraint failed: users.email');
      if (req.path !== '/v1/echo') return undefined;
      return { status: 201, headers: { 'content-type': 'application/json' }, body: '{"ok":true}' };
    },
  });
  const url = await http.listen(0, '127.0.0.1');
  try {
    const ok = await fetch(url + '/v1/echo?x=1', { method: 'POST', headers: { 'x-request-id': 'r-1' }, body: 'hi' });
    expect(ok.status).toBe(201);
    expect(ok.headers.get('x-request-id')).toBe('r-1');
    expect(seen).toEqual(['POST /v1/echo r-1 hi']);
    const missing = await fetch(url + '/v1/nope');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('application/problem+json');
    const boom = await fetch(url + '/v1/boom', { method: 'POST', headers: { 'x-request-id': 'r-2' }, body: '{}' });
    expect(boom.status).toBe(500);
    const text = await boom.text();
    expect(JSON.parse(text)).toMatchObject({
      status: 500,
      code: 'internal_error',
      request_id: 'r-2',
      instance: '/v1/boom',
    });
    expect(text).not.toMatch(/UNIQUE|users/);
    const failure = lines.find((l) => l.level === ERROR && l.reqId === 'r-2');
    expect(failure).toMatchObject({ method: 'POST', path: '/v1/boom' });
    expect(failure?.err?.stack).toMatch(/UNIQUE constraint[^]*\n\s+at /);
  } finally {
    await http.close();
  }
});

it('logs a ConnectError a service throws as internal (answered 500) with the request id too', async () => {
  const { log, lines } = capturedLog();
  // Access lines aside: the failures.
  const logged = () => lines.filter((l) => (l.level ?? 0) >= ERROR);
  const handlers = createHandlers(
    (router) =>
      router.service(MetaService, {
        getInfo() {
          throw new ConnectError('index file is corrupt: page 7', Code.Internal);
        },
        listFacets() {
          throw new ConnectError('try later', Code.Unavailable);
        },
      }),
    { onUnexpected: logUnexpected(log) },
  );
  const http = createHttpServer({ handlers, log });
  const url = await http.listen(0, '127.0.0.1');
  try {
    const post = (method: string, id: string) =>
      fetch(`${url}/svc.meta.v1.MetaService/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': id },
        body: '{}',
      });
    const r = await post('GetInfo', 'int-1');
    expect(r.status).toBe(500);
    expect(await r.json()).toEqual({ code: 'internal_error', message: 'internal error' });
    expect(logged()).toHaveLength(1);
    expect(logged()[0]).toMatchObject({ level: ERROR, reqId: 'int-1' });
    expect(logged()[0]?.err?.message).toMatch(/index file is corrupt/);
    // A deliberate 503 is an answer, not a failure: not logged.
    expect((await post('ListFacets', 'una-1')).status).toBe(503);
    expect(logged()).toHaveLength(1);
  } finally {
    await http.close();
  }
});
