import { afterAll, describe, expect, it } from 'vitest';
import { JobSearch } from '../../../electron/service/index-db/search/job-search.js';
import { openFixture } from '../../helpers/fixture.js';
import { PLANS, walkEngine } from './walk.js';
import type { CardRow } from '../../../electron/service/index-db/search/card-row.js';

// The JSON JobsService.List puts on the wire, read back through the HTTP server's own handler,
// and the rule that search only ever returns active jobs.

const h = openFixture();
afterAll(() => h.close());

const LIST = '/svc.jobs.v1.JobsService/List';

/** A `jobs` row as stored: the card columns plus its status. */
type Row = CardRow & { status: string };
const rowOf = h.db.prepare('SELECT * FROM jobs WHERE id = ?');
const CARD_KEYS = [
  'id',
  'slug',
  'title',
  'companyName',
  'companySlug',
  'locationText',
  'remote',
  'employmentType',
  'seniority',
  'salary',
  'snippet',
  'sourcePlatform',
  'discoveredAt',
  'lastVerifiedAt',
];
const RFC3339_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe('wire JSON of a page', () => {
  it('is { data, pagination } with camelCase job cards matching the index', async () => {
    const res = await h.postJson(LIST, { query: { limit: 100 } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'pagination']);
    expect(res.body.pagination.hasMore).toBe(true);
    expect(typeof res.body.pagination.nextCursor).toBe('string');
    expect(Object.keys(res.body.pagination).sort()).toEqual(['hasMore', 'nextCursor']);
    expect(res.body.data).toHaveLength(100);

    let withSalary = 0;
    let withoutSalary = 0;
    for (const card of res.body.data as Array<Record<string, any>>) {
      const r = rowOf.get(card.id) as Row;
      expect(r, card.id).toBeDefined();
      for (const k of Object.keys(card)) {
        expect(CARD_KEYS, `unexpected key ${k}`).toContain(k);
        expect(k).not.toContain('_');
      }
      expect(card).not.toHaveProperty('status');
      expect(card.title).toBe(r.title);
      expect(card.slug).toBe(r.slug);
      expect(card.companyName).toBe(r.company_name);
      expect(card.companySlug).toBe(r.company_slug);
      expect(card.locationText).toBe(r.location_text);
      expect(card.remote).toBe(r.remote === 1);
      expect(card.employmentType).toBe(r.employment_type);
      expect(card.employmentType).toMatch(/^(full_time|part_time|contract|internship|temporary)$/);
      expect(card.seniority).toBe(r.seniority);
      expect(card.snippet).toBe(r.snippet);
      expect(card.sourcePlatform).toBe(r.source_platform);
      expect(card.discoveredAt).toMatch(RFC3339_Z);
      expect(card.lastVerifiedAt).toMatch(RFC3339_Z);
      expect(Date.parse(card.discoveredAt)).toBe(r.discovered_at);
      expect(Date.parse(card.lastVerifiedAt)).toBe(r.last_verified_at);
      if (r.salary_max === null) {
        withoutSalary++;
        expect(card).toHaveProperty('salary', null); // the spec's "object or null"
      } else {
        withSalary++;
        expect(card.salary).toEqual({
          min: r.salary_min,
          max: r.salary_max,
          currency: r.salary_currency,
          period: r.salary_period,
        });
      }
    }
    expect(withSalary).toBeGreaterThan(0);
    expect(withoutSalary).toBeGreaterThan(0);
  });

  it('employmentType values are the lowercase wire strings for every type', async () => {
    for (const t of ['full_time', 'part_time', 'contract', 'internship', 'temporary']) {
      const res = await h.postJson(LIST, { query: { filters: { employmentType: t }, limit: 3 } });
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeGreaterThan(0);
      for (const c of res.body.data) expect(c.employmentType).toBe(t);
    }
  });

  it('the raw JSON path and the Connect client give the same page', async () => {
    const req = { query: 'software engineer', filters: { country: 'US' }, limit: 20 };
    const raw = await h.postJson(LIST, { query: req });
    const viaClient = await h.jobs.list({ query: req });
    expect(raw.body.data.map((c: any) => c.id)).toEqual(viaClient.data.map((c) => c.id));
    expect(raw.body.pagination.hasMore).toBe(viaClient.pagination?.hasMore);
  });

  it('the last page has hasMore false and no nextCursor key', async () => {
    // Not remote: the remote postings open to Europe answer Iceland too (region-postings.md).
    const res = await h.postJson(LIST, { query: { filters: { country: 'IS', remote: false }, limit: 100 } });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.pagination).toEqual({ hasMore: false });
  });
});

describe('only active jobs', () => {
  const expired = h.db.prepare("SELECT id, title, company_slug FROM jobs WHERE status = 'expired'").all() as Array<{
    id: string;
    title: string;
    company_slug: string;
  }>;
  const expiredIds = new Set(expired.map((e) => e.id));
  const activeCount = h.db.prepare("SELECT count(*) FROM jobs WHERE status = 'active'").pluck().get() as number;

  it('the fixture has expired jobs', () => {
    expect(expired.length).toBeGreaterThan(50);
  });

  it.each([undefined, ...PLANS])(
    'an unfiltered walk (plan %s) returns every active job once and no expired one',
    (plan) => {
      const search = new JobSearch(h.db, { forcePlan: plan });
      for (const sort of ['newest', 'salary_desc', 'company', 'recently_verified']) {
        const { ids } = walkEngine(search, { filters: { sort } }, 100);
        expect(ids.filter((id) => expiredIds.has(id))).toEqual([]);
        expect(new Set(ids).size).toBe(activeCount);
        expect(ids).toHaveLength(activeCount);
      }
    },
  );

  it.each([undefined, ...PLANS])(
    'searching for expired jobs by their own title and company finds none of them (plan %s)',
    (plan) => {
      const search = new JobSearch(h.db, { forcePlan: plan });
      for (const e of expired.slice(0, 12)) {
        const { ids } = walkEngine(
          search,
          { query: e.title, filters: { companyId: e.company_slug, salaryMin: 0 } },
          100,
        );
        expect(ids).not.toContain(e.id);
        const { ids: ids2 } = walkEngine(search, { query: e.title, filters: { companyId: e.company_slug } }, 100);
        expect(ids2).not.toContain(e.id);
      }
    },
  );
});
