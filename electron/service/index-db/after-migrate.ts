import type { Database } from 'better-sqlite3';
import { SHIPPED_RATES } from '#shared/pay/exchange-rates';
import { refoldAll } from './fold/fold-writer.js';
import { getMeta } from './meta.js';
import { setExchangeRates } from './write/exchange-rates.js';
import { packStoredDescriptions } from './write/pack-descriptions.js';
import { rebuildPaySearch } from './write/pay-search.js';
import { rebuildSearchRows } from './write/rebuild-search.js';
import { refreshStats } from './write/refresh-stats.js';
import { backfillRegions } from './write/region-backfill.js';

/**
 * What a migration leaves to live code, run after the migrations in the same writable open
 * (docs/decisions/floors.md § Frozen migrations). A migration holds only its own SQL; where it
 * needs derived data built by today's rules it sets an `after_migrate_…` meta flag, and this
 * does the work and clears the flag, so the rules live in one place and an interrupted open
 * does it again on the next.
 */
export function afterIndexMigrations(db: Database): void {
  // 0024: descriptions held as text are packed, in transactions of their own (pack-descriptions.ts).
  if (getMeta(db, 'after_migrate_pack_descriptions') !== undefined) {
    packStoredDescriptions(db);
    db.prepare("DELETE FROM meta WHERE key = 'after_migrate_pack_descriptions'").run();
  }
  const shippedRates = getMeta(db, 'after_migrate_shipped_rates') !== undefined;
  const paySearch = getMeta(db, 'after_migrate_pay_search') !== undefined;
  const refold = getMeta(db, 'after_migrate_refold') !== undefined;
  const searchRows = getMeta(db, 'after_migrate_search_rows') !== undefined;
  const regions = getMeta(db, 'after_migrate_regions') !== undefined;
  const stats = getMeta(db, 'after_migrate_stats') !== undefined;
  if (!shippedRates && !paySearch && !refold && !searchRows && !regions && !stats) return;
  db.transaction(() => {
    // 0007 wrote the rates the app shipped then; a newer app brings its own to a file that has
    // none newer (a synced file may hold the upstream's). Each rewrite below also rebuilds the
    // pay order, so it is rebuilt once, by the last.
    const newRates = shippedRates && SHIPPED_RATES.asOf > (getMeta(db, 'exchange_rates_as_of') ?? '');
    if (newRates) setExchangeRates(db, SHIPPED_RATES, { payOrder: !searchRows });
    else if (paySearch && !searchRows) rebuildPaySearch(db);
    // 0015 added the region of a place; places already held are read by today's rules.
    if (regions) backfillRegions(db);
    // 0017 added place words to the search text: every row is rewritten (the pay order's too).
    if (searchRows) rebuildSearchRows(db);
    // 0013 added the fold marks; existing postings are folded by today's rules.
    if (refold) refoldAll(db);
    // Last, so the role counts (0023) see the fold marks just written.
    if (newRates || searchRows || refold || stats) refreshStats(db);
    db.exec(
      `DELETE FROM meta WHERE key IN ('after_migrate_shipped_rates', 'after_migrate_pay_search', 'after_migrate_refold',
        'after_migrate_search_rows', 'after_migrate_regions', 'after_migrate_stats')`,
    );
  })();
}
