const PERIOD: Record<string, string> = { hour: '/hr', day: '/day', week: '/wk', month: '/mo', year: '/yr' };

export interface SalaryLike {
  min: number;
  max: number;
  currency: string;
  period: string;
}

/** "€55,000–€70,000/yr" in the reader's locale; unknown currencies fall back to the code. */
export function formatSalary(s: SalaryLike | undefined, locale = 'en'): string {
  if (!s) return '';
  let fmt: Intl.NumberFormat;
  try {
    fmt = new Intl.NumberFormat(locale, { style: 'currency', currency: s.currency, maximumFractionDigits: 0 });
  } catch {
    fmt = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  }
  const range = s.min === s.max ? fmt.format(s.min) : fmt.formatRange(s.min, s.max);
  return `${range}${PERIOD[s.period] ?? (s.period ? `/${s.period}` : '')}`;
}
