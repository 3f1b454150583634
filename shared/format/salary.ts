const PERIOD: Record<string, string> = { hour: '/hr', day: '/day', week: '/wk', month: '/mo', year: '/yr' };

export interface SalaryLike {
  min: number;
  max: number;
  currency: string;
  period: string;
}

// Building an Intl.NumberFormat, and ICU's formatRange (~50 µs a call, 50× format), are the costly
// parts; a list formats a salary per visible row each time its results change.
const formats = new Map<string, Intl.NumberFormat>();
const texts = new Map<string, string>();
const MAX_TEXTS = 5000;

function numberFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale} ${currency}`;
  let fmt = formats.get(key);
  if (!fmt) {
    try {
      fmt = new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 });
    } catch {
      fmt = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    }
    formats.set(key, fmt);
  }
  return fmt;
}

/** "€55,000–€70,000/yr" in the reader's locale; unknown currencies fall back to the code. */
export function formatSalary(s: SalaryLike | undefined, locale = 'en'): string {
  if (!s) return '';
  const key = `${locale} ${s.currency} ${s.min} ${s.max} ${s.period}`;
  let text = texts.get(key);
  if (text === undefined) {
    const fmt = numberFormat(locale, s.currency);
    const range = s.min === s.max ? fmt.format(s.min) : fmt.formatRange(s.min, s.max);
    text = `${range}${PERIOD[s.period] ?? (s.period ? `/${s.period}` : '')}`;
    if (texts.size >= MAX_TEXTS) texts.clear();
    texts.set(key, text);
  }
  return text;
}
