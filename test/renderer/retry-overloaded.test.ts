// An overloaded `serve` answers 503 with Retry-After before doing any of the request: the page asks
// again after that wait instead of showing an error. Other failures are not retried.
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-web';
import { expect, it } from 'vitest';
import { MetaService } from '#shared/gen/svc/meta/v1/meta_pb';
import { retryingOverloaded } from '../../renderer/api/retry-overloaded.js';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const overloaded = (retryAfter = '1') =>
  json(
    503,
    { code: 'unavailable', message: 'the service is overloaded (about 1200 ms of requests queued); try again shortly' },
    { 'retry-after': retryAfter },
  );

function client(answers: Array<() => Response>) {
  let calls = 0;
  const waits: number[] = [];
  const fetch = async () => answers[Math.min(calls++, answers.length - 1)]!();
  const transport = retryingOverloaded(createConnectTransport({ baseUrl: 'http://app.test', fetch }), async (ms) => {
    waits.push(ms);
  });
  return { meta: createClient(MetaService, transport), calls: () => calls, waits };
}

it('asks again after Retry-After when the service was overloaded', async () => {
  const c = client([() => overloaded(), () => json(200, { jobCount: 3 })]);
  expect((await c.meta.getInfo({})).jobCount).toBe(3);
  expect(c.calls()).toBe(2);
  expect(c.waits).toEqual([1000]);
});

it("gives up after three tries, with the service's words", async () => {
  const c = client([() => overloaded()]);
  const e = (await c.meta.getInfo({}).catch((x: unknown) => x)) as ConnectError;
  expect(e.code).toBe(Code.Unavailable);
  expect(e.rawMessage).toMatch(/overloaded/);
  expect(c.calls()).toBe(3);
});

it('does not retry an unavailable without Retry-After, a long Retry-After, or another error', async () => {
  for (const answer of [
    () => json(503, { code: 'unavailable', message: 'the upstream did not answer' }),
    () => overloaded('60'),
    () => json(400, { code: 'invalid_argument', message: 'query.limit: must be at most 100' }),
  ]) {
    const c = client([answer, () => json(200, { jobCount: 3 })]);
    await expect(c.meta.getInfo({})).rejects.toBeInstanceOf(ConnectError);
    expect(c.calls()).toBe(1);
  }
});

it('stops waiting when the call is cancelled', async () => {
  const transport = retryingOverloaded(
    createConnectTransport({ baseUrl: 'http://app.test', fetch: async () => overloaded() }),
  );
  const stop = new AbortController();
  const pending = createClient(MetaService, transport).getInfo({}, { signal: stop.signal });
  setTimeout(() => stop.abort(), 50);
  await expect(pending).rejects.toThrow();
});
