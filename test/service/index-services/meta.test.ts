import { afterAll, describe, expect, it } from 'vitest';
import { IndexWriter } from '#service/index-db/write/index-writer';
import { refreshStats } from '#service/index-db/write/refresh-stats';
import { FIXTURE, openFixture } from '../../helpers/fixture.js';

const h = openFixture();
afterAll(() => h.close());

const INFO = '/svc.meta.v1.MetaService/GetInfo';
const FACETS = '/svc.meta.v1.MetaService/ListFacets';
const JOBS_LIST = '/svc.jobs.v1.JobsService/List';
const DAY = 86_400_000;

const count = (sql: string, ...params: unknown[]) =>
  h.db
    .prepare(sql)
    .pluck()
    .get(...params) as number;

/** How many jobs JobsService.List returns for these filters, walking every page. */
async function searchCount(filters: Record<string, unknown>): Promise<number> {
  let n = 0;
  let cursor: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const res = await h.postJson(JOBS_LIST, { query: { filters, limit: 100, ...(cursor ? { cursor } : {}) } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    n += res.body.data.length;
    cursor = res.body.pagination.nextCursor;
    if (!cursor) return n;
  }
  throw new Error('too many pages');
}

/** The filter of JobsService.List a facet value stands for. */
function filterFor(field: string, value: string): Record<string, unknown> {
  return { [field]: field === 'remote' ? value === 'true' : value };
}

describe('MetaService.GetInfo', () => {
  it('counts what the index holds', async () => {
    const res = await h.postJson(INFO, {});
    expect(res.status).toBe(200);
    const active = count(`SELECT count(*) FROM jobs WHERE status = 'active'`);
    expect(res.body.jobCount).toBe(active);
    // Expired jobs whose detail is still readable (about 30 days after expiry).
    expect(res.body.expiredJobCount).toBe(
      count(`SELECT count(*) FROM jobs WHERE status = 'expired' AND expired_at >= ?`, FIXTURE.now - 30 * DAY),
    );
    expect(res.body.companyCount).toBe(count('SELECT count(*) FROM companies'));
    expect(res.body.schemaVersion).toBe(h.db.pragma('user_version', { simple: true }));
    expect(res.body.indexVersion).toBe(
      h.db.prepare(`SELECT value FROM meta WHERE key = 'index_version'`).pluck().get(),
    );
    expect(res.body.indexVersion).not.toBe('');
    expect(Date.parse(res.body.builtAt)).toBe(FIXTURE.now);
    expect(res.body).not.toHaveProperty('lastSyncAt');
    expect(res.body).not.toHaveProperty('upstream');
  });

  it('jobCount is what a search without filters walks', async () => {
    const info = await h.meta.getInfo({});
    expect(await searchCount({})).toBe(info.jobCount);
  });

  it('expiredJobCount is the number of expired jobs Get can still read', async () => {
    const info = await h.meta.getInfo({});
    const expired = h.db.prepare(`SELECT id FROM jobs WHERE status = 'expired'`).pluck().all() as string[];
    let readable = 0;
    for (const id of expired) if ((await h.postJson('/svc.jobs.v1.JobsService/Get', { id })).status === 200) readable++;
    expect(readable).toBeGreaterThan(0);
    expect(readable).toBeLessThan(expired.length);
    expect(info.expiredJobCount).toBe(readable);
  });

  it('follows writes once stats are refreshed, with a new index version', async () => {
    const w = openFixture({ writable: true });
    try {
      const before = await w.meta.getInfo({});
      const ids = w.db.prepare(`SELECT id FROM jobs WHERE status = 'active' LIMIT 3`).pluck().all() as string[];
      const writer = new IndexWriter(w.db);
      writer.transaction(() => ids.forEach((id) => writer.expireJob(id, FIXTURE.now - DAY)));
      refreshStats(w.db, FIXTURE.now);
      const after = await w.meta.getInfo({});
      expect(after.jobCount).toBe(before.jobCount - 3);
      expect(after.expiredJobCount).toBe(before.expiredJobCount + 3);
      expect(after.companyCount).toBe(before.companyCount);
      expect(after.indexVersion).not.toBe(before.indexVersion);
    } finally {
      w.close();
    }
  });
});

describe('MetaService.ListFacets', () => {
  const FIELDS = ['country', 'city', 'remote', 'workMode', 'employmentType', 'seniority', 'companyId'];

  it('lists one facet per filter of JobsService.List, values most frequent first', async () => {
    const res = await h.postJson(FACETS, {});
    expect(res.status).toBe(200);
    expect(res.body.facets.map((f: any) => f.field)).toEqual(FIELDS);
    for (const f of res.body.facets) {
      expect(f.values.length).toBeGreaterThan(0);
      expect(f.values.length).toBeLessThanOrEqual(100);
      expect(f.distinct).toBeGreaterThanOrEqual(f.values.length);
      const counts = f.values.map((v: any) => v.count);
      expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
      for (const v of f.values) {
        expect(v.count).toBeGreaterThan(0);
        expect(typeof v.value).toBe('string');
        expect(typeof v.label).toBe('string');
      }
      expect(new Set(f.values.map((v: any) => v.value)).size).toBe(f.values.length);
    }
  });

  it('single-valued facets add up to the active job count', async () => {
    const info = await h.meta.getInfo({});
    const res = await h.meta.listFacets({ limit: 1000 });
    for (const field of ['remote', 'workMode', 'employmentType', 'seniority', 'companyId']) {
      const f = res.facets.find((x) => x.field === field)!;
      expect(
        f.values.reduce((s, v) => s + v.count, 0),
        field,
      ).toBe(info.jobCount);
      expect(f.values.length).toBe(f.distinct);
    }
  });

  it('labels country codes with their names and companies with their names', async () => {
    const res = await h.meta.listFacets({});
    const us = res.facets.find((f) => f.field === 'country')!.values.find((v) => v.value === 'US')!;
    expect(us.label).toBe('United States');
    const top = res.facets.find((f) => f.field === 'companyId')!.values[0]!;
    expect(top.label).toBe(h.db.prepare('SELECT name FROM companies WHERE slug = ?').pluck().get(top.value));
  });

  it('each count equals what JobsService.List returns for that filter value', async () => {
    const res = await h.meta.listFacets({ limit: 1000 });
    let checked = 0;
    for (const f of res.facets) {
      const vs = f.values;
      // The most frequent, a middle one and the rarest value of every facet.
      const picks = [...new Set([vs[0]!, vs[Math.floor(vs.length / 2)]!, vs[vs.length - 1]!])];
      for (const v of picks) {
        expect(await searchCount(filterFor(f.field, v.value)), `${f.field}=${v.value}`).toBe(v.count);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(17);
  });

  it('limit cuts the values but not the distinct count', async () => {
    const all = await h.meta.listFacets({ limit: 1000 });
    const one = await h.meta.listFacets({ limit: 1 });
    const three = await h.meta.listFacets({ limit: 3 });
    for (const f of one.facets) {
      const full = all.facets.find((x) => x.field === f.field)!;
      expect(f.values).toHaveLength(1);
      expect(f.values[0]).toEqual(full.values[0]);
      expect(f.distinct).toBe(full.distinct);
      const t = three.facets.find((x) => x.field === f.field)!;
      expect(t.values).toEqual(full.values.slice(0, 3));
    }
    const city = all.facets.find((x) => x.field === 'city')!;
    expect(city.distinct).toBeGreaterThan(3);
  });

  it('limit defaults to 100 and accepts 1 to 1000', async () => {
    const def = await h.meta.listFacets({});
    const big = await h.meta.listFacets({ limit: 1000 });
    for (const f of def.facets) {
      const full = big.facets.find((x) => x.field === f.field)!;
      expect(f.values).toEqual(full.values.slice(0, 100));
    }
  });

  it.each([0, 1001, -1])('limit %d is 400 naming limit', async (limit) => {
    const res = await h.postJson(FACETS, { limit });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_argument');
    expect(res.body.message.startsWith('limit:')).toBe(true);
  });

  it('unknown request fields are refused', async () => {
    const res = await h.postJson(FACETS, { field: 'country' });
    expect(res.status).toBe(400);
    expect(res.body.message.startsWith('field:')).toBe(true);
    const info = await h.postJson(INFO, { verbose: true });
    expect(info.status).toBe(400);
    expect(info.body.message.startsWith('verbose:')).toBe(true);
  });
});
