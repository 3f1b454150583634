// Sync brings newer exchange rates from its upstream (MetaService.GetExchangeRates, our
// extension; docs/decisions/comparable-pay.md): a newer table replaces the local one and every
// job's comparable pay follows it; an older or equal one, a broken one, or an upstream that does
// not offer the method (the spec's) leaves the local table as it was.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPED_RATES, type ExchangeRates } from '#shared/pay/exchange-rates';
import { setMeta } from '#service/index-db/meta';
import { openIndex, type IndexDb } from '#service/index-db/open-index';
import { readExchangeRates } from '../../../electron/service/index-db/read/exchange-rates.js';
import { setExchangeRates } from '../../../electron/service/index-db/write/exchange-rates.js';
import { refreshStats } from '../../../electron/service/index-db/write/refresh-stats.js';
import { syncIndex } from '#service/sync/sync-index';
import { startFaultProxy } from './fault-proxy.js';
import { localClients, startUpstream, walkList, type Upstream } from './sync-harness.js';

let up: Upstream;
let dir: string;
let db: IndexDb;

beforeAll(async () => {
  up = await startUpstream(150, 5);
  dir = mkdtempSync(join(tmpdir(), 'jobindex-rates-'));
  db = openIndex(join(dir, 'local.sqlite'));
});
afterAll(async () => {
  db?.close();
  await up?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Changes the upstream's own table, as its operator would. */
function upstreamRates(change: (db: IndexDb) => void): void {
  const u = openIndex(up.file);
  try {
    change(u);
  } finally {
    u.close();
  }
}

const NEWER: ExchangeRates = {
  asOf: '2026-10-30',
  source: 'ECB euro foreign exchange reference rates of 30 October 2026 (test table)',
  perEur: { ...SHIPPED_RATES.perEur, USD: 2, GBP: 0.5 },
};

/** "Highest pay" in dollars, as the app asks: the yearly figures the local index answers with. */
const inDollars = async () =>
  (await walkList(localClients(db), { filters: { sort: 'pay_desc', payMin: 1, payCurrency: 'USD' } })) as Array<{
    id: string;
  }>;

describe('exchange rates over sync', { timeout: 120_000 }, () => {
  it('an upstream with the same table: kept', async () => {
    const r = await syncIndex({ upstream: up.url, db });
    expect(r.exchangeRates).toBe('current');
    expect(readExchangeRates(db)).toEqual(SHIPPED_RATES);
  });

  it('a newer table replaces the local one, and comparable pay is recomputed with it', async () => {
    const usdBefore = db
      .prepare(
        "SELECT pay_max_eur FROM jobs WHERE salary_currency = 'USD' AND salary_period = 'year' AND salary_max IS NOT NULL ORDER BY rid LIMIT 1",
      )
      .pluck()
      .get() as number;
    const salaryMax = db
      .prepare(
        "SELECT salary_max FROM jobs WHERE salary_currency = 'USD' AND salary_period = 'year' AND salary_max IS NOT NULL ORDER BY rid LIMIT 1",
      )
      .pluck()
      .get() as number;
    expect(usdBefore).toBe(Math.round(salaryMax / SHIPPED_RATES.perEur.USD!));
    upstreamRates((u) => setExchangeRates(u, NEWER));
    const r = await syncIndex({ upstream: up.url, db });
    expect(r.exchangeRates).toBe('updated');
    expect(readExchangeRates(db)).toEqual(NEWER);
    const usdAfter = db
      .prepare(
        "SELECT pay_max_eur FROM jobs WHERE salary_currency = 'USD' AND salary_period = 'year' AND salary_max IS NOT NULL ORDER BY rid LIMIT 1",
      )
      .pluck()
      .get() as number;
    expect(usdAfter).toBe(Math.round(salaryMax / 2));
    // The pay percentiles the planner reads follow the new pay, though the run wrote no job.
    expect(r.jobsWritten).toBe(0);
    const payQuantiles = () =>
      db.prepare("SELECT field, q, value FROM quantiles WHERE field LIKE 'pay_%' ORDER BY field, q").all();
    const synced = payQuantiles();
    refreshStats(db);
    expect(synced).toEqual(payQuantiles());
    // The local answers to pay requests equal the upstream's, which computes with the same table.
    expect(await inDollars()).toEqual(
      await walkList(up.clients, { filters: { sort: 'pay_desc', payMin: 1, payCurrency: 'USD' } }),
    );
    const info = await localClients(db).meta.getExchangeRates({});
    expect({ asOf: info.asOf, source: info.source, usd: info.perEur.USD }).toEqual({
      asOf: NEWER.asOf,
      source: NEWER.source,
      usd: 2,
    });
  });

  it('an older table, or one that cannot be used, is not taken', async () => {
    upstreamRates((u) => setExchangeRates(u, { ...NEWER, asOf: '2026-01-01', perEur: { ...NEWER.perEur, USD: 3 } }));
    expect((await syncIndex({ upstream: up.url, db })).exchangeRates).toBe('current');
    upstreamRates((u) => {
      setExchangeRates(u, { ...NEWER, asOf: '2027-01-01' });
      u.prepare("INSERT INTO exchange_rates (currency, per_eur) VALUES ('usd', 2)").run();
    });
    const r = await syncIndex({ upstream: up.url, db });
    expect(r.exchangeRates).toBe('refused');
    expect(r.malformedExamples).toContainEqual({
      id: 'exchange rates',
      reason: 'perEur: "usd" is not an ISO 4217 code',
    });
    upstreamRates((u) => {
      u.prepare("DELETE FROM exchange_rates WHERE currency = 'usd'").run();
      setMeta(u, 'exchange_rates_as_of', 'soon');
    });
    expect((await syncIndex({ upstream: up.url, db })).exchangeRates).toBe('refused');
    expect(readExchangeRates(db)).toEqual(NEWER);
  });

  it('a table dated after tomorrow, or lacking a currency the local one has, is not taken', async () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    upstreamRates((u) => setExchangeRates(u, { ...NEWER, asOf: future, perEur: { ...NEWER.perEur, USD: 3 } }));
    let r = await syncIndex({ upstream: up.url, db });
    expect(r.exchangeRates).toBe('refused');
    expect(r.malformedExamples).toContainEqual({ id: 'exchange rates', reason: `asOf: ${future} is in the future` });
    const { KRW: _krw, ...withoutKrw } = NEWER.perEur;
    upstreamRates((u) => setExchangeRates(u, { ...NEWER, asOf: '2026-11-01', perEur: withoutKrw }));
    r = await syncIndex({ upstream: up.url, db });
    expect(r.exchangeRates).toBe('refused');
    expect(r.malformedExamples).toContainEqual({
      id: 'exchange rates',
      reason: 'perEur: lacks KRW, which the local table has',
    });
    expect(readExchangeRates(db)).toEqual(NEWER);
  });

  it('an upstream that does not offer the method (the spec’s service) syncs as before', async () => {
    const proxy = await startFaultProxy(up.url);
    try {
      proxy.setPlan((path) =>
        path.endsWith('/GetExchangeRates')
          ? { kind: 'status', status: 404, headers: { 'content-type': 'text/plain' } }
          : undefined,
      );
      upstreamRates((u) => setExchangeRates(u, { ...NEWER, asOf: '2028-01-01' }));
      const r = await syncIndex({ upstream: proxy.url, db });
      expect(r.exchangeRates).toBe('not offered');
      expect(readExchangeRates(db)).toEqual(NEWER);
    } finally {
      await proxy.close();
    }
  });
});
