// The work migrations leave to live code (after-migrate.ts), when several asks meet in one open:
// new shipped exchange rates and rewritten search rows give the same index as doing each alone,
// in order, with the pay order rebuilt once.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPED_RATES } from '../../../shared/pay/exchange-rates.js';
import { openIndex } from '../../../electron/service/index-db/open-index.js';
import { PAY_UPDATE, setExchangeRates } from '../../../electron/service/index-db/write/exchange-rates.js';
import { rebuildSearchRows } from '../../../electron/service/index-db/write/rebuild-search.js';
import { buildIndex } from '../../../electron/tools/generate/build-index.js';

const dir = mkdtempSync(join(tmpdir(), 'after-migrate-'));
const built = join(dir, 'built.sqlite');

/** A file as an older app left it: rates older than the shipped ones (the dollar at half its value). */
function olderCopy(name: string): string {
  const file = join(dir, name);
  copyFileSync(built, file);
  const db = openIndex(file);
  db.exec(`UPDATE exchange_rates SET per_eur = per_eur * 2 WHERE currency = 'USD';
    UPDATE meta SET value = '2000-01-01' WHERE key = 'exchange_rates_as_of';`);
  db.exec(PAY_UPDATE('1'));
  db.close();
  return file;
}

function contents(db: Database) {
  return {
    pay: db.prepare('SELECT rid, pay_min_eur, pay_sort, pay_rowid FROM jobs ORDER BY rid').all(),
    paySearch: db.prepare('SELECT rowid, title, company, description, facets FROM job_pay_search ORDER BY rowid').all(),
    search: db.prepare('SELECT rowid, title, company, description, facets FROM job_search ORDER BY rowid').all(),
    ratesAsOf: db.prepare("SELECT value FROM meta WHERE key = 'exchange_rates_as_of'").pluck().get(),
    asks: db.prepare("SELECT count(*) FROM meta WHERE key LIKE 'after_migrate_%'").pluck().get(),
  };
}

describe('after the migrations: several asks in one open', () => {
  beforeAll(() => void buildIndex(built, { jobs: 400, seed: 7, now: Date.UTC(2026, 10, 1) }), 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('new shipped rates and rewritten search rows equal each done alone, in order', () => {
    const asked = olderCopy('asked.sqlite');
    const db0 = openIndex(asked);
    db0.exec(
      `INSERT INTO meta (key, value) VALUES ('after_migrate_shipped_rates', '1'), ('after_migrate_search_rows', '1')`,
    );
    db0.close();
    const reference = olderCopy('reference.sqlite');
    const ref = openIndex(reference);
    const usdBefore = contents(ref).pay;
    setExchangeRates(ref, SHIPPED_RATES);
    ref.transaction(() => rebuildSearchRows(ref))();
    const want = contents(ref);
    ref.close();

    const db = openIndex(asked); // the open does the asked work
    const got = contents(db);
    db.close();
    expect(got.ratesAsOf).toBe(SHIPPED_RATES.asOf);
    expect(got.asks).toBe(0);
    // The rates moved pay (so the pay order was rebuilt from the new rates, not the old).
    expect(got.pay).not.toEqual(usdBefore);
    expect(got.paySearch.length).toBeGreaterThan(0);
    expect(got).toEqual(want);
  });

  it('a file refreshed before role counts were kept gets them at its next open', () => {
    const file = join(dir, 'no-roles.sqlite');
    copyFileSync(built, file);
    const kept = (db: Database) => ({
      roles: db.prepare("SELECT value FROM meta WHERE key = 'active_roles'").pluck().get(),
      rows: db.prepare("SELECT field, value, count FROM facet_counts WHERE field LIKE 'roles:%' ORDER BY 1, 2").all(),
    });
    const ref = openIndex(built);
    const want = kept(ref);
    ref.close();
    expect(Number(want.roles)).toBeGreaterThan(0);
    const old = openIndex(file);
    old.exec(`DELETE FROM facet_counts WHERE field LIKE 'roles:%'; DELETE FROM meta WHERE key = 'active_roles';
      INSERT INTO meta (key, value) VALUES ('after_migrate_stats', '1');`);
    old.close();

    const db = openIndex(file); // the open refreshes the stats
    const got = kept(db);
    const asks = contents(db).asks;
    db.close();
    expect(asks).toBe(0);
    expect(got).toEqual(want);
  });
});
