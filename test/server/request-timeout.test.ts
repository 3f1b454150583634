// A client too slow to send its request (Node's headersTimeout / requestTimeout) is answered 408
// with a request id, not 400 "not a valid HTTP request". Node checks those timeouts every 30 s,
// so the test hands the server the error Node raises instead of waiting for it.
import { createHttpServer } from '#server/http-server';
import { expect, it } from 'vitest';
import { rawExchange } from './raw-http.js';

it('a request that does not arrive in time is 408 request_timeout', async () => {
  const http = createHttpServer({ handlers: new Map() });
  const url = await http.listen(0, '127.0.0.1');
  http.server.once('connection', (socket) =>
    setTimeout(
      () =>
        http.server.emit(
          'clientError',
          Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }),
          socket,
        ),
      50,
    ),
  );
  try {
    const r = await rawExchange(url, (s) => s.write('POST /svc.jobs.v1.JobsService/List HTTP/1.1\r\nHost: x\r\n'));
    expect(r.status).toBe(408);
    expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(r.body)).toEqual({ code: 'request_timeout', message: 'the request did not arrive in time' });
  } finally {
    await http.close();
  }
});
