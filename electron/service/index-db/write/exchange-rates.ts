import type { Database } from 'better-sqlite3';
import type { ExchangeRates } from '#shared/pay/exchange-rates';
import { setMeta } from '../meta.js';
import { PAY_UPDATE } from '../migrations/0007-comparable-pay.js';
import { rebuildPaySearch } from './pay-search.js';

/**
 * Replaces the exchange-rate table (newer rates, e.g. from an upstream) and recomputes every
 * job's comparable pay and its place in the pay order with it; call refreshStats afterwards for the planner's percentiles.
 */
export function setExchangeRates(db: Database, rates: ExchangeRates): void {
  if (rates.perEur.EUR !== 1) throw new Error('exchange rates: EUR must be 1 (rates are per euro)');
  db.transaction(() => {
    db.exec('DELETE FROM exchange_rates');
    const put = db.prepare('INSERT INTO exchange_rates (currency, per_eur) VALUES (?, ?)');
    for (const [c, r] of Object.entries(rates.perEur)) put.run(c, r);
    setMeta(db, 'exchange_rates_as_of', rates.asOf);
    setMeta(db, 'exchange_rates_source', rates.source);
    db.exec(PAY_UPDATE('1'));
    // Every pay moved, so every job's place in the pay order did (migration 0010).
    rebuildPaySearch(db);
  })();
}
