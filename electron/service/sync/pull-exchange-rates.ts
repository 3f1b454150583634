import { Code, ConnectError } from '@connectrpc/connect';
import { exchangeRatesProblem, type ExchangeRates } from '#shared/pay/exchange-rates';
import { readExchangeRates } from '../index-db/read/exchange-rates.js';
import { setExchangeRates } from '../index-db/write/exchange-rates.js';
import type { SyncContext } from './sync-context.js';

/**
 * What became of the exchange-rate table in a run: taken from the upstream (`updated`), kept
 * because the local one is as new (`current`), kept because the upstream does not offer one
 * (`not offered`: the spec's service) or offered a table that cannot be used (`refused`).
 */
export type ExchangeRatesOutcome = 'updated' | 'current' | 'not offered' | 'refused';

/**
 * Newer exchange rates from the upstream (MetaService.GetExchangeRates, our extension;
 * docs/decisions/comparable-pay.md). Taking them recomputes every job's comparable pay; the
 * commit that follows refreshes the planner's figures.
 */
export async function pullExchangeRates(ctx: SyncContext): Promise<ExchangeRatesOutcome> {
  let offered: ExchangeRates;
  try {
    const r = await ctx.up.meta.getExchangeRates({}, ctx.signal ? { signal: ctx.signal } : {});
    offered = { asOf: r.asOf, source: r.source, perEur: r.perEur };
  } catch (e) {
    if (e instanceof ConnectError && (e.code === Code.Unimplemented || e.code === Code.NotFound)) return 'not offered';
    throw e;
  }
  const problem = exchangeRatesProblem(offered);
  if (problem) {
    ctx.malformed('exchange rates', problem);
    return 'refused';
  }
  if (offered.asOf <= readExchangeRates(ctx.db).asOf) return 'current';
  setExchangeRates(ctx.db, offered);
  return 'updated';
}
