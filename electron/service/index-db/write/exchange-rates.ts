import type { Database } from 'better-sqlite3';
import { PERIODS_PER_YEAR } from '#shared/pay/annual-pay';
import type { ExchangeRates } from '#shared/pay/exchange-rates';
import { setMeta } from '../meta.js';
import { rebuildPaySearch } from './pay-search.js';
import { staleMarker } from './stale-mark.js';

const perYear = (col: string) =>
  `(CASE ${col} ${Object.entries(PERIODS_PER_YEAR)
    .map(([p, n]) => `WHEN '${p}' THEN ${n}`)
    .join(' ')} END)`;
const eur = (amount: string) =>
  `CAST(round(${amount} * ${perYear('salary_period')} / (SELECT per_eur FROM exchange_rates r WHERE r.currency = salary_currency)) AS INTEGER)`;

/**
 * Recomputes the comparable pay of the rows `where` selects with today's rules (migration 0007
 * added the columns and the trigger that fills them for new rows).
 */
export const PAY_UPDATE = (where: string) => `UPDATE jobs SET
  pay_min_eur = ${eur('salary_min')},
  pay_max_eur = ${eur('salary_max')},
  pay_sort = coalesce(${eur('salary_max')}, -1)
  WHERE ${where}`;

/**
 * Replaces the exchange-rate table (newer rates, e.g. from an upstream) and recomputes every
 * job's comparable pay and its place in the pay order with it; call refreshStats afterwards for the planner's percentiles.
 * `payOrder: false` leaves the pay order to a caller that rewrites every search row next.
 */
export function setExchangeRates(db: Database, rates: ExchangeRates, o: { payOrder?: boolean } = {}): void {
  if (rates.perEur.EUR !== 1) throw new Error('exchange rates: EUR must be 1 (rates are per euro)');
  db.transaction(() => {
    db.exec('DELETE FROM exchange_rates');
    const put = db.prepare('INSERT INTO exchange_rates (currency, per_eur) VALUES (?, ?)');
    for (const [c, r] of Object.entries(rates.perEur)) put.run(c, r);
    setMeta(db, 'exchange_rates_as_of', rates.asOf);
    setMeta(db, 'exchange_rates_source', rates.source);
    db.exec(PAY_UPDATE('1'));
    // Every pay moved: the pay percentiles are stale until the next refresh.
    staleMarker(db)();
    // Every pay moved, so every job's place in the pay order did (migration 0010).
    if (o.payOrder !== false) rebuildPaySearch(db);
  })();
}
