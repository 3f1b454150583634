// The exchange-rate table the app ships (docs/decisions/comparable-pay.md): units of each
// currency per euro. Where the figures come from and how old they are travel with them, and the
// screen says both beside every converted amount.

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
    'ECB euro foreign exchange reference rates of 30 June 2025, entered by hand and rounded to 4 significant figures; ' +
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
