// Platforms' structured pay fields → ParsedSalary. Structured pay beats text (crawl-truth.md).
import type { SalaryPeriod } from '#shared/rules/vocabulary';
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
  return { min: Math.min(a, b), max: Math.max(a, b), currency, period };
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
export function salaryFromAshbyCompensation(c: unknown): ParsedSalary | null {
  if (!c || typeof c !== 'object') return null;
  const o = c as { summaryComponents?: AshbyComponent[]; compensationTiers?: Array<{ components?: AshbyComponent[] }> };
  const lists = [o.summaryComponents ?? [], ...(o.compensationTiers ?? []).map((t) => t.components ?? [])];
  for (const list of lists) {
    for (const comp of list) {
      if (comp.compensationType !== 'Salary') continue;
      const s = salaryFromStructured({ min: comp.minValue, max: comp.maxValue, currency: comp.currencyCode, interval: comp.interval });
      if (s) return s;
    }
  }
  return null;
}
