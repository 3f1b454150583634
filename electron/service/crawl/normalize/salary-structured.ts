// Platforms' structured pay fields → ParsedSalary. Structured pay beats text (crawl-truth.md).
import { toEur } from '#shared/pay/annual-pay';
import { SHIPPED_RATES } from '#shared/pay/exchange-rates';
import type { SalaryPeriod } from '#shared/rules/vocabulary';
import { countryCodeOf } from '../../text/location.js';
import type { ParsedSalary } from './parsed-salary.js';

/** "1 YEAR", "per-year-salary", "yearly", "HOUR", "per-hour-wage", "month" → period. */
export function periodOf(interval: string | null | undefined): SalaryPeriod | undefined {
  const s = (interval ?? '').toLowerCase();
  if (/\b1?\s*(?:year|yr|annual|annum)|per-year|yearly/.test(s)) return 'year';
  if (/hour/.test(s)) return 'hour';
  if (/month/.test(s)) return 'month';
  if (/week/.test(s)) return 'week';
  if (/day|daily/.test(s)) return 'day';
  return undefined;
}

/** Pay-sized bounds per period, in euros (or in the stated units where the currency has no rate). */
const PLAUSIBLE: Record<SalaryPeriod, [number, number]> = {
  hour: [2, 2_000],
  day: [15, 20_000],
  week: [80, 100_000],
  month: [100, 1_000_000],
  year: [800, 20_000_000],
};

/**
 * Pay-sized for a period: guards against "$5" or "€2 billion" read as pay, and a structured field
 * whose period is wrong ("55–65 per 1 YEAR" for $55–65 an hour). Judged in euros through the shipped
 * rates, so ₩12,000/hr passes and $5/yr does not. A currency without a rate (IDR, VND) cannot be
 * judged by size from above: only the lower bound applies, in its own units.
 */
export function payOfSize(min: number, max: number, currency: string, period: SalaryPeriod): boolean {
  if (!(min > 0) || !(max >= min)) return false;
  const [lo, hi] = PLAUSIBLE[period];
  const eurMin = toEur(min, currency, SHIPPED_RATES);
  const eurMax = toEur(max, currency, SHIPPED_RATES);
  if (eurMin === undefined || eurMax === undefined) return min >= lo;
  return eurMin >= lo && eurMax <= hi;
}

/** A min/max/currency/interval quadruple. Zeros and missing figures are "not stated" → null. */
export function salaryFromStructured(v: {
  min?: number | null;
  max?: number | null;
  currency?: string | null;
  interval?: string | null;
}): ParsedSalary | null {
  const lo = typeof v.min === 'number' && v.min > 0 ? v.min : undefined;
  const hi = typeof v.max === 'number' && v.max > 0 ? v.max : undefined;
  const currency = v.currency?.trim().toUpperCase();
  const period = periodOf(v.interval);
  if ((lo === undefined && hi === undefined) || !currency || !/^[A-Z]{3}$/.test(currency) || !period) return null;
  const a = lo ?? hi!;
  const b = hi ?? lo!;
  const [min, max] = [Math.min(a, b), Math.max(a, b)];
  // A figure no pay of that period could be says its period is wrong: not taken (the text may state it).
  if (!payOfSize(min, max, currency, period)) return null;
  return { min, max, currency, period };
}

/** Lever `salaryRange {min, max, currency, interval: "per-year-salary"}`. */
export function salaryFromLeverRange(r: unknown): ParsedSalary | null {
  if (!r || typeof r !== 'object') return null;
  const o = r as Record<string, unknown>;
  return salaryFromStructured({
    min: typeof o.min === 'number' ? o.min : null,
    max: typeof o.max === 'number' ? o.max : null,
    currency: typeof o.currency === 'string' ? o.currency : null,
    interval: typeof o.interval === 'string' ? o.interval : null,
  });
}

interface AshbyComponent {
  compensationType?: string;
  interval?: string;
  currencyCode?: string | null;
  minValue?: number | null;
  maxValue?: number | null;
}

/**
 * Ashby `compensation`: the first Salary component of summaryComponents (the posting's headline
 * range), else of the first tier. Equity, commission and bonus components are not salary.
 */
export function salaryFromAshbyCompensation(c: unknown, countries: string[] = []): ParsedSalary | null {
  if (!c || typeof c !== 'object') return null;
  const o = c as {
    summaryComponents?: AshbyComponent[];
    compensationTiers?: Array<{ title?: unknown; components?: AshbyComponent[] }>;
  };
  const tiers = o.compensationTiers ?? [];
  // Tiers titled by country ("Singapore", "Philippines"): the posting's own country's tier is its pay,
  // and where the posting is in a country none of them names, none is (the summary is the first tier).
  const tierCountry = (t: { title?: unknown }) => (typeof t.title === 'string' ? countryCodeOf(t.title) : undefined);
  const byCountry = tiers.length > 1 && tiers.every((t) => tierCountry(t));
  if (byCountry && countries.length > 0) {
    const own = tiers.filter((t) => countries.includes(tierCountry(t)!));
    return salaryOfComponents(own.flatMap((t) => t.components ?? []));
  }
  const lists = [o.summaryComponents ?? [], ...tiers.map((t) => t.components ?? [])];
  for (const list of lists) {
    for (const comp of list) {
      if (comp.compensationType !== 'Salary') continue;
      const s = salaryFromStructured({
        min: comp.minValue,
        max: comp.maxValue,
        currency: comp.currencyCode,
        interval: comp.interval,
      });
      if (s) return s;
    }
  }
  return null;
}

function salaryOfComponents(list: AshbyComponent[]): ParsedSalary | null {
  for (const comp of list) {
    if (comp.compensationType !== 'Salary') continue;
    const s = salaryFromStructured({
      min: comp.minValue,
      max: comp.maxValue,
      currency: comp.currencyCode,
      interval: comp.interval,
    });
    if (s) return s;
  }
  return null;
}
