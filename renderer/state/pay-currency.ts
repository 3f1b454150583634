import { create } from 'zustand';
import { RATE_CURRENCIES } from '#shared/pay/exchange-rates';

// The person's reference currency for comparable pay (docs/decisions/comparable-pay.md): picked
// beside the pay filter, kept in this browser/app profile, by default the currency of the
// locale's region.

const KEY = 'jobindex.payCurrency';

/** The currency of a locale's region (`en-GB` → GBP, `de-AT` → EUR); USD when unknown. */
export function localeCurrency(locale: string): string {
  let region: string | undefined;
  try {
    region = new Intl.Locale(locale).maximize().region;
  } catch {
    region = undefined;
  }
  const EURO = [
    'AT',
    'BE',
    'CY',
    'DE',
    'EE',
    'ES',
    'FI',
    'FR',
    'GR',
    'HR',
    'IE',
    'IT',
    'LT',
    'LU',
    'LV',
    'MT',
    'NL',
    'PT',
    'SI',
    'SK',
  ];
  const BY_REGION: Record<string, string> = {
    US: 'USD',
    GB: 'GBP',
    JP: 'JPY',
    CH: 'CHF',
    SE: 'SEK',
    NO: 'NOK',
    DK: 'DKK',
    IS: 'ISK',
    PL: 'PLN',
    CZ: 'CZK',
    HU: 'HUF',
    RO: 'RON',
    AU: 'AUD',
    CA: 'CAD',
    NZ: 'NZD',
    BR: 'BRL',
    MX: 'MXN',
    IN: 'INR',
    KR: 'KRW',
    SG: 'SGD',
    HK: 'HKD',
    CN: 'CNY',
    ZA: 'ZAR',
    IL: 'ILS',
    TR: 'TRY',
    AE: 'AED',
  };
  if (!region) return 'USD';
  if (EURO.includes(region)) return 'EUR';
  return BY_REGION[region] ?? 'USD';
}

function initial(): string {
  try {
    const kept = globalThis.localStorage?.getItem(KEY);
    if (kept && RATE_CURRENCIES.includes(kept)) return kept;
  } catch {
    // storage unavailable: the locale's
  }
  return localeCurrency(globalThis.navigator?.language ?? 'en-US');
}

export const usePayCurrency = create<{ currency: string; set(c: string): void }>((set) => ({
  currency: initial(),
  set(currency) {
    try {
      globalThis.localStorage?.setItem(KEY, currency);
    } catch {
      // kept for this session only
    }
    set({ currency });
  },
}));
