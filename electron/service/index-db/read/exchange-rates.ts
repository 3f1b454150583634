import type { Database } from 'better-sqlite3';
import type { ExchangeRates } from '#shared/pay/exchange-rates';
import { getMeta } from '../meta.js';

/** The index's exchange-rate table: the shipped one, or newer ones set since (write/exchange-rates.ts). */
export function readExchangeRates(db: Database): ExchangeRates {
  const rows = db.prepare<[], [string, number]>('SELECT currency, per_eur FROM exchange_rates').raw(true).all();
  return {
    asOf: getMeta(db, 'exchange_rates_as_of') ?? '',
    source: getMeta(db, 'exchange_rates_source') ?? '',
    perEur: Object.fromEntries(rows),
  };
}
