import type { Salary } from '#shared/gen/svc/jobs/v1/job_pb';
import { annualEur, fromEur } from '#shared/pay/annual-pay';
import { useExchangeRates } from '../state/exchange-rates.js';
import { usePayCurrency } from '../state/pay-currency.js';

function money(n: number, currency: string, compact = false): string {
  try {
    return new Intl.NumberFormat(undefined, {
      style: 'currency',
      currency,
      maximumFractionDigits: 0,
      ...(compact ? { notation: 'compact' } : {}),
    }).format(n);
  } catch {
    return `${n.toLocaleString()} ${currency}`;
  }
}

/**
 * "≈ $X/yr": the stated pay as a yearly amount in the person's currency, shown where it differs
 * from what the posting states (another currency or period). Nothing for a currency the table lacks.
 */
export function ComparablePay({ salary, compact = false }: { salary: Salary; compact?: boolean }) {
  const currency = usePayCurrency((s) => s.currency);
  const rates = useExchangeRates();
  if (salary.currency === currency && salary.period === 'year') return null;
  const lo = annualEur(salary.min, salary.currency, salary.period, rates);
  const hi = annualEur(salary.max, salary.currency, salary.period, rates);
  if (lo === undefined || hi === undefined) return null;
  const [a, b] = [fromEur(lo, currency, rates)!, fromEur(hi, currency, rates)!];
  const text = a === b ? money(a, currency) : `${money(a, currency)}–${money(b, currency)}`;
  // A result row has one line for tags and pay: "≈ $98K–$127K/yr" fits where the full figures were cut.
  const shown = !compact
    ? text
    : a === b
      ? money(a, currency, true)
      : `${money(a, currency, true)}–${money(b, currency, true)}`;
  return (
    <span
      className="pay-ref muted"
      title={`≈ ${text}/yr, converted to a year (40-hour weeks, 12 months) at exchange rates of ${rates.asOf}: ${rates.source}`}
    >
      ≈ {shown}/yr
    </span>
  );
}
