import { RATE_CURRENCIES } from '../pay/exchange-rates.js';
import { FieldError } from './field-error.js';

/**
 * Our request fields for comparable pay (docs/decisions/comparable-pay.md): payMin / payMax are
 * yearly amounts in payCurrency, which they need, and which must be one the rate table knows.
 */
export function comparablePay(
  input: { payMin?: number; payMax?: number; payCurrency?: string },
  path: string,
): { payMin?: number; payMax?: number; payCurrency?: string } {
  const out: { payMin?: number; payMax?: number; payCurrency?: string } = {};
  for (const k of ['payMin', 'payMax'] as const) {
    const v = input[k];
    if (v === undefined) continue;
    if (!Number.isInteger(v) || v < 0) throw new FieldError(`${path}${k}`, `must be a non-negative integer, got ${v}`);
    out[k] = v;
  }
  const cur = input.payCurrency?.trim().toUpperCase();
  if (cur) {
    if (!RATE_CURRENCIES.includes(cur)) {
      throw new FieldError(`${path}payCurrency`, `must be a currency of the exchange-rate table (${RATE_CURRENCIES.join(', ')}), got ${JSON.stringify(input.payCurrency)}`);
    }
    out.payCurrency = cur;
  } else if (out.payMin !== undefined || out.payMax !== undefined) {
    throw new FieldError(`${path}payCurrency`, 'is required with payMin or payMax (the currency of those amounts)');
  }
  return out;
}
