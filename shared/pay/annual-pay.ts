import type { ExchangeRates } from './exchange-rates.js';

// Pay that can be compared (docs/decisions/comparable-pay.md): a stated amount per period as a
// yearly amount, then in another currency through the euro. The one place of both rules; the
// index's trigger (migration 0007) is written from these constants.

/** Periods per year: 40-hour weeks, 5-day weeks, 52 weeks, 12 months. */
export const PERIODS_PER_YEAR: Readonly<Record<string, number>> = {
  hour: 2080,
  day: 260,
  week: 52,
  month: 12,
  year: 1,
};

/** A stated amount as a yearly amount in euros; undefined when the period or currency is unknown. */
export function annualEur(amount: number, currency: string, period: string, rates: ExchangeRates): number | undefined {
  const perYear = PERIODS_PER_YEAR[period];
  const perEur = rates.perEur[currency];
  if (perYear === undefined || perEur === undefined) return undefined;
  return Math.round((amount * perYear) / perEur);
}

/** A euro amount in `currency` (whole units); undefined for a currency without a rate. */
export function fromEur(eur: number, currency: string, rates: ExchangeRates): number | undefined {
  const perEur = rates.perEur[currency];
  return perEur === undefined ? undefined : Math.round(eur * perEur);
}

/** An amount in `currency` as euros, rounded so that "at least X" never loses a job at X. */
export function toEur(amount: number, currency: string, rates: ExchangeRates): number | undefined {
  const perEur = rates.perEur[currency];
  return perEur === undefined ? undefined : amount / perEur;
}
