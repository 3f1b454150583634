import type { Salary } from '#shared/gen/svc/jobs/v1/job_pb';
import { annualEur, fromEur } from '#shared/pay/annual-pay';
import { SHIPPED_RATES } from '#shared/pay/exchange-rates';
import { usePayCurrency } from '../state/pay-currency.js';

const RATES_NOTE = `Converted to a year (40-hour weeks, 12 months) at exchange rates of ${SHIPPED_RATES.asOf}: ${SHIPPED_RATES.source}`;

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
  if (salary.currency === currency && salary.period === 'year') return null;
  const lo = annualEur(salary.min, salary.currency, salary.period, SHIPPED_RATES);
  const hi = annualEur(salary.max, salary.currency, salary.period, SHIPPED_RATES);
  if (lo === undefined || hi === undefined) return null;
  const [a, b] = [fromEur(lo, currency, SHIPPED_RATES)!, fromEur(hi, currency, SHIPPED_RATES)!];
  const text = a === b ? money(a, currency) : `${money(a, currency)}–${money(b, currency)}`;
  return (
    <span className="pay-ref muted" title={RATES_NOTE}>
      ≈ {text}/yr
    </span>
  );
}
