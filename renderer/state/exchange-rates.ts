import { create } from 'zustand';
import { SHIPPED_RATES, type ExchangeRates } from '#shared/pay/exchange-rates';
import { metaClient } from '../api/clients.js';

/**
 * The exchange rates the index computes comparable pay with (docs/decisions/comparable-pay.md):
 * the shipped table until the service says which it has (sync may have brought newer ones), so
 * "≈ $X/yr" on a row and the pay filter agree.
 */
export const useExchangeRates = create<ExchangeRates>(() => SHIPPED_RATES);

/** Asks the service for its table; an older service without the method keeps the shipped one. */
export async function loadExchangeRates(): Promise<void> {
  try {
    const r = await metaClient.getExchangeRates({});
    if (r.asOf && r.perEur.EUR === 1)
      useExchangeRates.setState({ asOf: r.asOf, source: r.source, perEur: r.perEur }, true);
  } catch {
    // The shipped table stays: the same one the index started with.
  }
}
