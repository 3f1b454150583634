// The serve response cache: repeated read requests answered from memory, never stale once the
// index changes underneath (another process commits), and never for what is not a read of the index.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openIndex } from '#service/index-db/open-index';
import { IndexWriter } from '#service/index-db/write/index-writer';
import { ResponseCache } from '#server/response-cache';
import { isIndexPath } from '#service/index-services/routes';
import { ensureBuilt } from '../helpers/built-dist.js';
import { serve, type Served } from './serve-process.js';

describe('ResponseCache', () => {
  const answer = (n: number) => ({
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: new Uint8Array(n),
  });
  let version = 1;
  // lru-cache reads a start time of 0 as "no TTL"; a real clock never says 0.
  let now = 1;
  const make = (maxBytes = 16 * 1000) =>
    new ResponseCache({ maxBytes, ttlMs: 1000, version: () => version, now: () => now });

  it('answers a repeated request until the data version moves or the TTL passes', () => {
    const c = make();
    c.put('a', answer(10));
    expect(c.get('a')?.body.byteLength).toBe(10);
    version = 2;
    expect(c.get('a')).toBeUndefined();
    c.put('a', answer(10));
    now += 1000;
    expect(c.get('a')).toBeDefined();
    now += 1;
    expect(c.get('a')).toBeUndefined();
  });

  it('keeps no errors and evicts the least recently used past its byte budget', () => {
    const c = make(16 * 100);
    c.put('err', { ...answer(5), status: 400 });
    expect(c.get('err')).toBeUndefined();
    c.put('too-big', answer(101)); // more than 1/16 of the budget
    expect(c.size).toBe(0);
    for (let i = 0; i < 16; i++) c.put(`k${i}`, answer(100));
    expect(c.size).toBe(16);
    c.get('k0'); // now the most recent
    c.put('k16', answer(100));
    expect(c.get('k1')).toBeUndefined();
    expect(c.get('k0')).toBeDefined();
    expect(c.size).toBe(16);
  });

  it('keys on the headers that shape the bytes', () => {
    const body = new TextEncoder().encode('{}');
    const json = ResponseCache.keyOf('/p', (h) => (h === 'content-type' ? 'application/json' : undefined), body);
    const proto = ResponseCache.keyOf('/p', (h) => (h === 'content-type' ? 'application/proto' : undefined), body);
    expect(json).not.toBe(proto);
  });

  it('caches only the index read services', () => {
    expect(isIndexPath('/svc.jobs.v1.JobsService/List')).toBe(true);
    expect(isIndexPath('/svc.meta.v1.MetaService/GetInfo')).toBe(true);
    expect(isIndexPath('/v1/reports')).toBe(false);
    expect(isIndexPath('/svc.jobs.v1.JobsServiceX/List')).toBe(false);
  });
});

describe('jobindex serve with the cache', () => {
  const dir = mkdtempSync(join(tmpdir(), 'serve-cache-'));
  const file = join(dir, 'index.sqlite');
  let s: Served;
  beforeAll(async () => {
    await ensureBuilt();
    copyFileSync(inject('fixtureIndex'), file);
    s = await serve('--db', file);
  });
  afterAll(async () => {
    await s?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const list = async () => {
    const r = await fetch(`${s.url}/svc.jobs.v1.JobsService/List`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: { query: 'engineer', limit: 3 } }),
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-request-id')).toBeTruthy();
    return (await r.json()) as { data: { id: string }[] };
  };

  it('answers repeats identically, and a change committed by another process at once', async () => {
    const first = await list();
    expect(await list()).toEqual(first);
    const gone = first.data[0]!.id;
    // Another process's commit, as a sync would make it.
    const db = openIndex(file);
    new IndexWriter(db).expireJob(gone, Date.now());
    db.close();
    const after = await list();
    expect(after.data.map((j) => j.id)).not.toContain(gone);
    expect(after.data[0]!.id).toBe(first.data[1]!.id);
  });
});
