// A JSON answer is written once, from the answer's message (json-nulls.ts: jsonAside), not
// serialized by Connect and then parsed and written again: what a client reads must be the same
// answer the binary format carries, in the spec's JSON (defaults written, `null` for an absent
// salary), with a Content-Length that matches it.
import { fromBinary, fromJson, toBinary, type DescMessage, type JsonValue } from '@bufbuild/protobuf';
import { createContextValues } from '@connectrpc/connect';
import { afterAll, describe, expect, it } from 'vitest';
import { invokeUnary } from '#service/rpc/invoke';
import { toWireJson } from '#shared/wire/json-nulls';
import {
  GetRequestSchema,
  GetResponseSchema,
  ListRequestSchema,
  ListResponseSchema,
} from '#shared/gen/svc/jobs/v1/jobs_pb';
import { openFixture } from '../../helpers/fixture.js';

const h = openFixture();
afterAll(() => h.close());

const LIST = '/svc.jobs.v1.JobsService/List';
const GET = '/svc.jobs.v1.JobsService/Get';

/** The same request in both formats: the JSON answer's bytes and the binary answer's, as wire JSON. */
async function bothWays(path: string, input: DescMessage, output: DescMessage, json: object) {
  const asJson = await invokeUnary(h.handlers, { path, body: new TextEncoder().encode(JSON.stringify(json)) });
  const request = toBinary(input, fromJson(input, json as JsonValue));
  const asBinary = await invokeUnary(h.handlers, { path, contentType: 'application/proto', body: request });
  expect(asJson.status).toBe(200);
  expect(asBinary.status).toBe(200);
  return {
    text: Buffer.from(asJson.body).toString('utf8'),
    contentLength: asJson.headers['content-length'],
    bytes: asJson.body.byteLength,
    contentType: asJson.headers['content-type'],
    expected: JSON.stringify(toWireJson(output, fromBinary(output, asBinary.body))),
  };
}

describe('JSON answers', () => {
  it('a List answer in JSON is the binary answer in the spec JSON, byte for byte', async () => {
    const queries = [
      { query: { query: 'engineer', limit: 25 } },
      { query: { query: 'data', filters: { sort: 'newest', country: 'US' }, limit: 100 } },
      { query: { query: '', filters: { remote: true } } },
      { query: { query: 'no such word anywhere zzzq' } },
    ];
    let nulls = 0;
    for (const q of queries) {
      const a = await bothWays(LIST, ListRequestSchema, ListResponseSchema, q);
      expect(a.text).toBe(a.expected);
      expect(a.contentType).toMatch(/^application\/json/);
      expect(Number(a.contentLength)).toBe(a.bytes);
      nulls += (a.text.match(/"salary":null/g) ?? []).length;
    }
    // The fixture has jobs without a salary: the nulls are there, not left out.
    expect(nulls).toBeGreaterThan(0);
  });

  it('a job without a salary answers "salary": null in JSON, where a salary would sit', async () => {
    const list = (await h.postJson(LIST, { query: { query: '', limit: 100 } })).body as {
      data: Array<{ id: string; salary: unknown }>;
    };
    const unpaid = list.data.find((c) => c.salary === null);
    expect(unpaid).toBeDefined();
    const a = await bothWays(GET, GetRequestSchema, GetResponseSchema, { id: unpaid!.id });
    expect(a.text).toBe(a.expected);
    expect(a.text).toContain('"salary":null');
    expect(Object.keys(JSON.parse(a.text) as object)).toEqual(Object.keys(JSON.parse(a.expected) as object));
  });

  it("requests that share the caller's context values each get their own answer", async () => {
    const h2 = h.handlers.get(LIST)!;
    const shared = createContextValues();
    const ask = async (query: string) => {
      const res = await h2({
        httpVersion: '1.1',
        url: `http://localhost${LIST}`,
        method: 'POST',
        header: new Headers({ 'content-type': 'application/json' }),
        body: (async function* () {
          yield new TextEncoder().encode(JSON.stringify({ query: { query } }));
        })(),
        signal: new AbortController().signal,
        contextValues: shared,
      });
      const chunks: Uint8Array[] = [];
      if (res.body) for await (const c of res.body) chunks.push(c);
      return Buffer.concat(chunks).toString('utf8');
    };
    const alone = [await ask('engineer'), await ask('nurse')];
    expect(alone[0]).not.toBe(alone[1]);
    expect(await Promise.all([ask('engineer'), ask('nurse')])).toEqual(alone);
  });

  it('an error is answered as an error, not as an empty answer', async () => {
    const bad = await h.postJson(LIST, { query: { limit: -1 } });
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty('code');
    const missing = await h.postJson(GET, { id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.status).toBe(404);
    expect(missing.body).toHaveProperty('code', 'not_found');
  });
});
