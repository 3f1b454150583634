// #30: `serve --workers N` answers the index's reads on N threads, each with its own connection.
// The answers are byte for byte those of one thread, the request rules are the same, and a worker
// that dies fails its request cleanly (503 unavailable with Retry-After, never 500) and is replaced.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createHttpServer, type HttpServer } from '#server/http-server';
import { LoadShedder } from '#server/load-shed';
import { ReadPool } from '#server/read-pool';
import { isIndexPath } from '#service/index-services/routes';
import { openService, type Service } from '#service/open-service';
import { ensureBuilt } from '../helpers/built-dist.js';
import { serve, type Served } from './serve-process.js';

const LIST = '/svc.jobs.v1.JobsService/List';

interface Raw {
  status: number;
  contentType: string | null;
  body: string;
}

async function post(url: string, path: string, body: string, headers: Record<string, string> = {}): Promise<Raw> {
  const r = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: r.status, contentType: r.headers.get('content-type'), body: await r.text() };
}

describe('answers from N workers equal answers from one', { timeout: 120_000 }, () => {
  let one: Served;
  let two: Served;
  beforeAll(async () => {
    await ensureBuilt();
    [one, two] = await Promise.all([
      // No shedding: on a loaded machine a refusal would differ between the two, by timing alone.
      serve('--db', inject('fixtureIndex'), '--workers', '1', '--no-cache', '--no-shed'),
      serve('--db', inject('fixtureIndex'), '--workers', '2', '--no-cache', '--no-shed'),
    ]);
  }, 300_000);
  afterAll(async () => {
    expect(await one?.stop()).toBe(0);
    expect(await two?.stop()).toBe(0);
  });

  it('for searches, pages, details, companies, facets, spelling and errors', async () => {
    const first = JSON.parse(
      (await post(one.url, LIST, JSON.stringify({ query: { query: 'engineer', limit: 5 } }))).body,
    ) as {
      data: { id: string; companySlug: string }[];
      pagination: { nextCursor: string };
    };
    const id = first.data[0]!.id;
    const slug = first.data[0]!.companySlug;
    const asks: Array<[string, unknown]> = [
      [LIST, { query: { query: 'engineer', limit: 5 } }],
      [LIST, { query: { query: 'engineer', limit: 5, cursor: first.pagination.nextCursor } }],
      [LIST, { query: { query: 'nurse', filters: { country: 'US', sort: 'newest' } } }],
      [LIST, { query: { query: 'sales manager', fold: true } }],
      [LIST, { query: { limit: 25 } }],
      ['/svc.jobs.v1.JobsService/Get', { id }],
      ['/svc.jobs.v1.JobsService/GetSimilar', { id, limit: 3 }],
      ['/svc.companies.v1.CompaniesService/Get', { id: slug }],
      ['/svc.companies.v1.CompaniesService/ListJobs', { id: slug, limit: 5 }],
      ['/svc.meta.v1.MetaService/GetInfo', {}],
      ['/svc.meta.v1.MetaService/ListFacets', { query: { query: 'engineer' } }],
      // Errors: a bad field, an unknown job, a forged cursor.
      [LIST, { query: { limit: -1 } }],
      ['/svc.jobs.v1.JobsService/Get', { id: '00000000-0000-4000-8000-000000000000' }],
      [LIST, { query: { cursor: 'not-a-cursor' } }],
    ];
    const statuses: number[] = [];
    for (const [path, body] of asks) {
      const text = JSON.stringify(body);
      // Several at once, so both workers answer some of them.
      const [a, ...bs] = await Promise.all([
        post(one.url, path, text),
        ...[0, 1, 2, 3].map(() => post(two.url, path, text)),
      ]);
      for (const b of bs) expect(b, `${path} ${text}`).toEqual(a);
      statuses.push(a!.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(11);
    expect(statuses.filter((s) => s >= 400 && s < 500).length).toBe(3);
    // A malformed body and a wrong content type, refused by the same rules.
    for (const [body, headers] of [
      ['{"query":', {}],
      ['{}', { 'content-type': 'text/plain' }],
    ] as const) {
      const a = await post(one.url, LIST, body, headers);
      expect(a.status).toBeGreaterThanOrEqual(400);
      expect(await post(two.url, LIST, body, headers)).toEqual(a);
    }
  });
});

describe('a worker that dies', { timeout: 120_000 }, () => {
  let service: Service;
  let pool: ReadPool;
  let http: HttpServer;
  let url: string;
  const exits: number[] = [];
  beforeAll(async () => {
    await ensureBuilt();
    service = openService({ indexFile: inject('fixtureIndex'), readonly: true });
    pool = new ReadPool({
      size: 2,
      indexFile: inject('fixtureIndex'),
      workerFile: new URL('./crashing-read-worker.mjs', import.meta.url),
      onUnexpected: () => {},
      onExit: (code) => exits.push(code),
    });
    await pool.ready();
    http = createHttpServer({
      handlers: service.handlers(),
      // Shedding as served, but no refusal of a request that waited for a worker to start on a loaded machine.
      shed: new LoadShedder({ maxWaitMs: 60_000 }),
      pool: { workers: pool, handles: isIndexPath },
    });
    url = await http.listen(0, '127.0.0.1');
  }, 300_000);
  afterAll(async () => {
    await http?.close();
    await pool?.close();
    service?.close();
  });

  it('fails its request 503 unavailable with Retry-After, and is replaced', async () => {
    const body = JSON.stringify({ query: { query: 'engineer', limit: 3 } });
    const before = await post(url, LIST, body);
    expect(before.status).toBe(200);
    const r = await fetch(url + LIST, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-crash-worker': '1' },
      body,
    });
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toBe('1');
    expect(await r.json()).toEqual({
      code: 'service_unavailable',
      message: 'a read worker stopped while answering; try again',
    });
    expect(exits).toEqual([7]);
    // The replacement opens the index; meanwhile the other worker answers. Then both do again.
    for (let i = 0; i < 20; i++) expect(await post(url, LIST, body)).toEqual(before);
    await new Promise((r) => setTimeout(r, 500));
    const together = await Promise.all(Array.from({ length: 8 }, () => post(url, LIST, body)));
    for (const a of together) expect(a).toEqual(before);
    // Both crash in turn: every request still gets an answer, never a 500.
    const crashes = await Promise.all(
      [0, 1].map(() =>
        fetch(url + LIST, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-crash-worker': '1' },
          body,
        }),
      ),
    );
    expect(crashes.map((c) => c.status)).toEqual([503, 503]);
    expect(await post(url, LIST, body)).toEqual(before);
  });
});
