// The served index through the clients the spec's users have: the Connect web client over
// Node's fetch (JSON and binary) and `buf curl` (HTTP/1.1, its default for http:// URLs; this
// buf has no --http1.1 flag), against the real `jobindex serve`.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-web';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CompaniesService } from '#shared/gen/svc/companies/v1/companies_pb';
import { JobsService } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { MetaService } from '#shared/gen/svc/meta/v1/meta_pb';
import { ensureBuilt, root } from '../helpers/built-dist.js';
import { openFixture, type Harness } from '../helpers/fixture.js';
import { serve, type Served } from './serve-process.js';

let s: Served;
let h: Harness;

beforeAll(async () => {
  await ensureBuilt();
  s = await serve('--db', inject('fixtureIndex'));
  // The server reads with the real clock; so does the in-process reference.
  h = openFixture({ now: Date.now() });
});
afterAll(async () => {
  h?.close();
  expect(await s?.stop()).toBe(0);
});

describe.each([false, true])('connect-web client, binary=%s', (useBinaryFormat) => {
  const clients = () => {
    const transport = createConnectTransport({ baseUrl: s.url, useBinaryFormat, fetch: globalThis.fetch });
    return {
      jobs: createClient(JobsService, transport),
      companies: createClient(CompaniesService, transport),
      meta: createClient(MetaService, transport),
    };
  };

  it('List pages match the in-process router, cursor included', async () => {
    const { jobs } = clients();
    const q = { query: 'engineer', filters: { country: 'US' }, limit: 5 };
    const first = await jobs.list({ query: q });
    expect(first).toEqual(await h.jobs.list({ query: q }));
    expect(first.data).toHaveLength(5);
    const cursor = first.pagination!.nextCursor!;
    expect((await jobs.list({ query: { ...q, cursor } })).data).toEqual(
      (await h.jobs.list({ query: { ...q, cursor } })).data,
    );
  });

  it('Get and GetSimilar', async () => {
    const { jobs } = clients();
    const id = (await h.jobs.list({ query: { limit: 1 } })).data[0]!.id;
    const job = await jobs.get({ id });
    expect(job.id).toBe(id);
    expect(job).toEqual(await h.jobs.get({ id }));
    expect(await jobs.getSimilar({ id, limit: 3 })).toEqual(await h.jobs.getSimilar({ id, limit: 3 }));
  });

  it('Companies and Meta', async () => {
    const { companies, meta } = clients();
    const page = await companies.list({ limit: 10 });
    expect(page).toEqual(await h.companies.list({ limit: 10 }));
    expect(await companies.get({ id: page.data[0]!.id })).toEqual(await h.companies.get({ id: page.data[0]!.id }));
    const info = await meta.getInfo({});
    expect(info.jobCount).toBeGreaterThan(0);
    expect(info).toEqual(await h.meta.getInfo({}));
  });

  it('errors arrive as ConnectErrors with the right code', async () => {
    const { jobs } = clients();
    const notFound = await jobs.get({ id: '00000000-0000-4000-8000-000000000000' }).catch((e: unknown) => e);
    expect(ConnectError.from(notFound).code).toBe(Code.NotFound);
    const bad = await jobs.get({ id: 'abc' }).catch((e: unknown) => e);
    expect(ConnectError.from(bad).code).toBe(Code.InvalidArgument);
    expect(ConnectError.from(bad).rawMessage).toMatch(/^id: /);
  });
});

describe('buf curl', () => {
  const run = promisify(execFile);
  const curl = async (method: string, body: unknown) => {
    const r = await run(
      'npx',
      [
        'buf',
        'curl',
        '--schema',
        'proto',
        '--protocol',
        'connect',
        '-d',
        JSON.stringify(body),
        `${s.url}/svc.jobs.v1.JobsService/${method}`,
      ],
      { cwd: root, maxBuffer: 16 << 20 },
    );
    return JSON.parse(r.stdout);
  };

  it('List and Get print the same JSON the service answers', async () => {
    const list = await curl('List', { query: { query: 'nurse', limit: 3 } });
    expect(list.data).toHaveLength(3);
    const ref = await h.postJson('/svc.jobs.v1.JobsService/List', { query: { query: 'nurse', limit: 3 } });
    expect(list.data.map((j: { id: string }) => j.id)).toEqual(ref.body.data.map((j: { id: string }) => j.id));
    expect(list.pagination.hasMore).toBe(true);
    const id = list.data[0].id;
    const job = await curl('Get', { id });
    expect(job).toMatchObject({ id, title: list.data[0].title, status: 'active' });
  });
});
