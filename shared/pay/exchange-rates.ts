// The exchange-rate table the app ships (docs/decisions/comparable-pay.md): units of each
// currency per euro. Where the figures come from and how old they are travel with them, and the
// screen says both beside every converted amount.
//
// APPROXIMATE. The figures below were typed in by hand from the ECB's euro foreign exchange
// reference rates of 30 June 2025 (ecb.europa.eu, "Euro foreign exchange reference rates") and
// rounded to 4 significant figures; they have not been
// checked digit by digit against the ECB's published file. They are good enough to rank pay
// across currencies, not for money. Sync replaces them with its upstream's table when that one
// is newer (MetaService.GetExchangeRates, our extension).

export interface ExchangeRates {
  /** The day the rates describe (YYYY-MM-DD). */
  asOf: string;
  source: string;
  /** Units of the currency per 1 EUR. */
  perEur: Readonly<Record<string, number>>;
}

export const SHIPPED_RATES: ExchangeRates = {
  asOf: '2025-06-30',
  source:
    'Approximate: ECB euro foreign exchange reference rates of 30 June 2025, typed in by hand and rounded to 4 significant figures; ' +
    'AED from its US-dollar peg (3.6725 per USD). Not a live feed.',
  perEur: {
    EUR: 1,
    USD: 1.172,
    JPY: 169.2,
    GBP: 0.8555,
    CHF: 0.9347,
    SEK: 11.15,
    NOK: 11.83,
    DKK: 7.461,
    ISK: 142.5,
    PLN: 4.242,
    CZK: 24.75,
    HUF: 399.8,
    RON: 5.078,
    AUD: 1.795,
    CAD: 1.603,
    NZD: 1.933,
    BRL: 6.438,
    MXN: 22.09,
    INR: 100.6,
    KRW: 1587,
    SGD: 1.494,
    HKD: 9.2,
    CNY: 8.397,
    ZAR: 20.85,
    ILS: 3.95,
    TRY: 46.57,
    AED: 4.304,
  },
};

export const RATE_CURRENCIES = Object.keys(SHIPPED_RATES.perEur).sort();

/** Why a table cannot be used (undefined when it can): an upstream's answer is checked before use. */
export function exchangeRatesProblem(r: ExchangeRates): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(r.asOf) || Number.isNaN(Date.parse(`${r.asOf}T00:00:00Z`)))
    return `asOf: must be a day (YYYY-MM-DD), got ${JSON.stringify(r.asOf)}`;
  if (r.source.trim() === '') return 'source: is required';
  if (r.perEur.EUR !== 1) return `perEur.EUR: must be 1 (rates are per euro), got ${r.perEur.EUR}`;
  for (const [c, v] of Object.entries(r.perEur)) {
    if (!/^[A-Z]{3}$/.test(c)) return `perEur: ${JSON.stringify(c)} is not an ISO 4217 code`;
    if (!Number.isFinite(v) || v <= 0) return `perEur.${c}: must be a positive number, got ${v}`;
  }
  return undefined;
}
