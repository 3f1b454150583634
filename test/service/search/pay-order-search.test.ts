import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRecord } from '#service/index-db/records';
import { JobSearch } from '../../../electron/service/index-db/search/job-search.js';
import { indexMigrations } from '../../../electron/service/index-db/migrations/index.js';
import { afterIndexMigrations } from '../../../electron/service/index-db/after-migrate.js';
import {
  RETIRED_RUNG_TOKEN,
  payFloorCover,
  payFloorTokens,
  payGroup,
  PAY_KEY_SPAN,
} from '../../../electron/service/index-db/search/pay-key.js';
import { migrate } from '#service/sqlite/migrate';
import { setExchangeRates } from '../../../electron/service/index-db/write/exchange-rates.js';
import { IndexWriter } from '#service/index-db/write/index-writer';
import { refreshStats } from '#service/index-db/write/refresh-stats';
import { SHIPPED_RATES } from '#shared/pay/exchange-rates';
import { generateCorpus } from '../../../electron/tools/generate/corpus.js';
import { FIXTURE, openFixture, type Harness } from '../../helpers/fixture.js';
import { walkEngine } from './walk.js';

// job_pay_search (migration 0010) kept by every writer: after each change, "Highest pay" with
// text (read from it) gives the same pages as the plain plan (text materialized from job_search).

let h: Harness;
let writer: IndexWriter;
let plain: JobSearch;
let job: JobRecord;

const ENGINEER = { query: 'engineer', filters: { sort: 'pay_desc' } } as never;
const ids = (s: JobSearch, limit = 9) => walkEngine(s, ENGINEER, limit);

/** The pay walk's pages equal the plain plan's, and every active job with a pay has its row. */
function expectConsistent(): string[] {
  refreshStats(h.db, FIXTURE.now);
  const got = ids(h.ctx.search);
  expect(got.plans).toContain('pay-walk');
  expect(got.ids).toEqual(ids(plain).ids);
  const rows = h.db
    .prepare('SELECT pay_sort AS pay, pay_rowid AS key, status FROM jobs WHERE pay_sort >= 0 OR pay_rowid IS NOT NULL')
    .all() as Array<{ pay: number; key: number | null; status: string }>;
  for (const r of rows) {
    if (r.status !== 'active') expect(r.key).toBeNull();
    else expect(Math.floor(r.key! / PAY_KEY_SPAN)).toBe(payGroup(r.pay));
  }
  return got.ids;
}

const withPay = (max: number | undefined): JobRecord => {
  const { salary, ...rest } = job;
  return max === undefined
    ? rest
    : { ...rest, salary: { min: Math.floor(max / 2), max, currency: 'EUR', period: 'year' } };
};

beforeAll(() => {
  h = openFixture({ writable: true });
  writer = new IndexWriter(h.db);
  plain = new JobSearch(h.db, { forcePlan: 'fts-materialize' });
  for (const j of generateCorpus(FIXTURE).jobs()) {
    if (j.status === 'active' && j.salary && /engineer/i.test(j.title)) {
      job = j;
      break;
    }
  }
});
afterAll(() => h.close());

describe('"Highest pay" with text follows every change of the index', () => {
  it('as built', () => {
    expectConsistent();
  });

  it('a job whose pay changes by sync moves to its new place, and out of the paid ones', () => {
    writer.transaction(() => writer.upsertJob(withPay(9_000_000)));
    expect(expectConsistent()[0]).toBe(job.id);
    writer.transaction(() => writer.upsertJob(withPay(1)));
    const low = expectConsistent();
    expect(low[0]).not.toBe(job.id);
    writer.transaction(() => writer.upsertJob(withPay(undefined)));
    expect(h.db.prepare('SELECT pay_rowid FROM jobs WHERE id = ?').pluck().get(job.id)).toBeNull();
    expect(expectConsistent()).toContain(job.id);
  });

  it('an expired or deleted job leaves it', () => {
    writer.transaction(() => writer.upsertJob(withPay(9_000_000)));
    expectConsistent();
    writer.transaction(() => writer.expireJob(job.id, FIXTURE.now));
    expect(expectConsistent()).not.toContain(job.id);
    writer.transaction(() => writer.upsertJob({ ...withPay(9_000_000), status: 'active' }));
    expect(expectConsistent()[0]).toBe(job.id);
    writer.transaction(() => writer.deleteJob(job.id));
    expect(expectConsistent()).not.toContain(job.id);
  });

  it('a renamed company is searched by its new name', () => {
    const c = h.db
      .prepare(
        "SELECT c.id, c.slug, c.name FROM companies c JOIN jobs j ON j.company_cid = c.cid WHERE j.status = 'active' AND j.pay_sort >= 0 LIMIT 1",
      )
      .get() as { id: string; slug: string; name: string };
    const company = generateCorpus(FIXTURE).companies.find((x) => x.id === c.id)!;
    writer.transaction(() => writer.upsertCompany({ ...company, name: 'Zanzibarian Quillworks' }));
    refreshStats(h.db, FIXTURE.now);
    for (const query of ['quillworks', c.name]) {
      const req = { query, filters: { sort: 'pay_desc' } } as never;
      const got = walkEngine(h.ctx.search, req, 3);
      expect(got.ids).toEqual(walkEngine(plain, req, 3).ids);
      if (query === 'quillworks') expect(got.ids.length).toBeGreaterThan(0);
    }
  });

  it('newer exchange rates rewrite every place', () => {
    setExchangeRates(h.db, {
      asOf: '2026-11-02',
      source: 'test',
      perEur: Object.fromEntries(Object.entries(SHIPPED_RATES.perEur).map(([c, r]) => [c, c === 'EUR' ? r : r / 3])),
    });
    expectConsistent();
  });
});

describe('pay-floor cells (payMax in pay order)', () => {
  const covered = (cover: string, floor: number) => {
    const cells = new Set(cover.slice(cover.indexOf('(') + 1, -1).split(' OR '));
    return payFloorTokens(floor).some((t) => cells.has(t));
  };

  it('cover every floor below a bound, and above it only floors within 0.05% of it (or below 1,000 €/yr)', () => {
    for (const bound of [0.5, 999.5, 1000, 1000.5, 1250.5, 40_000.5, 87_654.3, 105_263.7, 1_999_999.5]) {
      const cover = payFloorCover(bound)!;
      expect(cover.split(' OR ').length).toBeLessThanOrEqual(60);
      const floors = [
        0,
        999,
        1000,
        Math.ceil(bound) - 1,
        Math.ceil(bound),
        ...Array.from({ length: 400 }, (_, i) => Math.floor((bound * 2 * i) / 400)),
      ];
      for (const floor of floors) {
        if (floor < bound) expect(covered(cover, floor), `${floor} < ${bound}`).toBe(true);
        else if (floor >= 1000 && floor > bound * 1.0005 + 1)
          expect(covered(cover, floor), `${floor} > ${bound}`).toBe(false);
      }
    }
    expect(payFloorTokens(null)).toEqual([]);
  });

  it('leave a bound in the open top cell to the row check', () => {
    expect(payFloorCover(2_900_000)).toBeDefined();
    expect(payFloorCover(3_100_000)).toBeUndefined();
  });
});

describe('migration 0011', () => {
  // 0011 alone, again: the migrations after it change other tables and run once.
  const rerun = (db: Harness['db']) => {
    const latest = db.pragma('user_version', { simple: true }) as number;
    db.pragma('user_version = 10');
    migrate(
      db,
      indexMigrations.filter((m) => m.version <= 11),
      'the index',
    );
    afterIndexMigrations(db);
    db.pragma(`user_version = ${latest}`);
  };
  const has = (db: Harness['db'], token: string) =>
    db
      .prepare('SELECT count(*) FROM job_pay_search WHERE job_pay_search MATCH ?')
      .pluck()
      .get(`{facets}: ${token}`) as number;

  it("rewrites a file whose 0010 wrote the old ladder's tokens, and leaves a banded one alone", () => {
    const f = openFixture({ writable: true });
    try {
      const paid = f.db
        .prepare("SELECT count(*) FROM jobs WHERE status = 'active' AND pay_sort >= 0")
        .pluck()
        .get() as number;
      const marker = 2 ** 52 + 7;
      f.db
        .prepare(
          "INSERT INTO job_pay_search (rowid, title, company, description, facets) VALUES (?, 'x', 'x', 'x', 'xmark0')",
        )
        .run(marker);
      rerun(f.db);
      expect(has(f.db, 'xmark0')).toBe(1); // banded already: not rewritten
      f.db
        .prepare(
          `INSERT INTO job_pay_search (rowid, title, company, description, facets) VALUES (?, 'x', 'x', 'x', '${RETIRED_RUNG_TOKEN}')`,
        )
        .run(marker + 1);
      rerun(f.db);
      expect(has(f.db, 'xmark0')).toBe(0);
      expect(has(f.db, RETIRED_RUNG_TOKEN)).toBe(0);
      // Every paid job's row carries the cells of its floor.
      const floors = f.db
        .prepare("SELECT pay_min_eur FROM jobs WHERE status = 'active' AND pay_sort >= 0 AND pay_min_eur IS NOT NULL")
        .pluck()
        .all() as number[];
      const byCell = new Map<string, number>();
      for (const floor of floors) for (const t of payFloorTokens(floor)) byCell.set(t, (byCell.get(t) ?? 0) + 1);
      expect(byCell.size).toBeGreaterThan(20);
      for (const [cell, count] of byCell) expect(has(f.db, cell), cell).toBe(count);
      expect(f.db.prepare('SELECT count(*) FROM jobs WHERE pay_rowid IS NOT NULL').pluck().get()).toBe(paid);
    } finally {
      f.close();
    }
  });
});
