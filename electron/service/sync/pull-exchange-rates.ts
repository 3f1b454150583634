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
  const local = readExchangeRates(ctx.db);
  const problem = exchangeRatesProblem(offered) ?? replacementProblem(offered, local, Date.now());
  if (problem) {
    ctx.malformed('exchange rates', problem);
    return 'refused';
  }
  if (offered.asOf <= local.asOf) return 'current';
  setExchangeRates(ctx.db, offered);
  return 'updated';
}

/**
 * Why an offered table may not replace the local one: a date after tomorrow would shut out every
 * later table, and a currency the local table has but the offer lacks would leave its jobs
 * without comparable pay.
 */
function replacementProblem(offered: ExchangeRates, local: ExchangeRates, now: number): string | undefined {
  const tomorrow = new Date(now + 86_400_000).toISOString().slice(0, 10);
  if (offered.asOf > tomorrow) return `asOf: ${offered.asOf} is in the future`;
  const lacking = Object.keys(local.perEur).filter((c) => offered.perEur[c] === undefined);
  if (lacking.length > 0) return `perEur: lacks ${lacking.join(', ')}, which the local table has`;
  return undefined;
}
