import type { Salary } from '#shared/gen/svc/jobs/v1/job_pb';
import { annualEur, fromEur } from '#shared/pay/annual-pay';
import { useExchangeRates } from '../state/exchange-rates.js';
import { usePayCurrency } from '../state/pay-currency.js';

function money(n: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency, maximumFractionDigits: 0 }).format(n);
  } catch {
    return `${n.toLocaleString()} ${currency}`;
  }
}

/**
 * "≈ $X/yr": the stated pay as a yearly amount in the person's currency, shown where it differs
 * from what the posting states (another currency or period). Nothing for a currency the table lacks.
 */
export function ComparablePay({ salary }: { salary: Salary }) {
  const currency = usePayCurrency((s) => s.currency);
  const rates = useExchangeRates();
  if (salary.currency === currency && salary.period === 'year') return null;
  const lo = annualEur(salary.min, salary.currency, salary.period, rates);
  const hi = annualEur(salary.max, salary.currency, salary.period, rates);
  if (lo === undefined || hi === undefined) return null;
  const [a, b] = [fromEur(lo, currency, rates)!, fromEur(hi, currency, rates)!];
  const text = a === b ? money(a, currency) : `${money(a, currency)}–${money(b, currency)}`;
  return (
    <span className="pay-ref muted" title={`≈ ${text}/yr, converted to a year (40-hour weeks, 12 months) at exchange rates of ${rates.asOf}: ${rates.source}`}>
      ≈ {text}/yr
    </span>
  );
}
