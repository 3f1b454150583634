import { RATE_CURRENCIES } from '../pay/exchange-rates.js';
import { wholeAmount } from './amount.js';
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
    const v = wholeAmount(input[k], `${path}${k}`);
    if (v !== undefined) out[k] = v;
  }
  const cur = input.payCurrency?.trim().toUpperCase();
  if (cur) {
    if (!RATE_CURRENCIES.includes(cur)) {
      throw new FieldError(
        `${path}payCurrency`,
        `must be a currency of the exchange-rate table (${RATE_CURRENCIES.join(', ')}), got ${JSON.stringify(input.payCurrency)}`,
      );
    }
    out.payCurrency = cur;
  } else if (out.payMin !== undefined || out.payMax !== undefined) {
    throw new FieldError(`${path}payCurrency`, 'is required with payMin or payMax (the currency of those amounts)');
  }
  return out;
}
