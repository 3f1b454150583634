// The offline indicator: only a call that got no answer at all marks the service unreachable. An
// `unavailable` the service itself sent (signing in while the upstream is down) does not.
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-web';
import { expect, it } from 'vitest';
import { MetaService } from '#shared/gen/svc/meta/v1/meta_pb';
import { watched } from '../../renderer/api/watched-transport.js';

function client(fetch: typeof globalThis.fetch) {
  const seen: boolean[] = [];
  const transport = watched(createConnectTransport({ baseUrl: 'http://app.test', fetch }), (r) => seen.push(r));
  return { meta: createClient(MetaService, transport), seen };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'x-request-id': 'r1' } });

it('an answer is reachable, whether it is a result or an error the service sent', async () => {
  const ok = client(async () => json(200, { jobCount: 3 }));
  await ok.meta.getInfo({});
  const upstreamDown = client(async () => json(503, { code: 'unavailable', message: 'the upstream did not answer' }));
  const e = await upstreamDown.meta.getInfo({}).catch((x: unknown) => x);
  expect(e).toBeInstanceOf(ConnectError);
  expect((e as ConnectError).code).toBe(Code.Unavailable);
  expect([...ok.seen, ...upstreamDown.seen]).toEqual([true, true]);
});

it('no answer at all is unreachable; an aborted call says nothing', async () => {
  const down = client(async () => {
    throw new TypeError('Failed to fetch');
  });
  await expect(down.meta.getInfo({})).rejects.toThrow(/Failed to fetch/);
  expect(down.seen).toEqual([false]);
  const aborted = client(async (_u, init) => {
    throw init?.signal?.reason ?? new DOMException('aborted', 'AbortError');
  });
  const stop = new AbortController();
  stop.abort();
  await expect(aborted.meta.getInfo({}, { signal: stop.signal })).rejects.toThrow();
  expect(aborted.seen).toEqual([]);
});
