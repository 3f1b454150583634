// Pay-transparency text → { min, max, currency, period }. Only an amount that is plainly pay counts:
// it carries a currency, and either states a period or sits after a pay word with a yearly-sized
// figure. 401(k), "20 days PTO", "5+ years", "10% bonus", "$50M Series B" are not pay. No pay → null.
import type { SalaryPeriod } from '#shared/rules/vocabulary';
import type { ParsedSalary } from './parsed-salary.js';
import { payOfSize } from './salary-structured.js';

export type { ParsedSalary };

export { salaryFromStructured, salaryFromAshbyCompensation, salaryFromLeverRange } from './salary-structured.js';

/** Prefix symbols, longest first so "CA$" wins over "$". */
const SYMBOLS: ReadonlyArray<readonly [string, string]> = [
  ['CA$', 'CAD'],
  ['C$', 'CAD'],
  ['CAD$', 'CAD'],
  ['US$', 'USD'],
  ['USD$', 'USD'],
  ['AU$', 'AUD'],
  ['A$', 'AUD'],
  ['AUD$', 'AUD'],
  ['NZ$', 'NZD'],
  ['S$', 'SGD'],
  ['SG$', 'SGD'],
  ['HK$', 'HKD'],
  ['MX$', 'MXN'],
  ['R$', 'BRL'],
  ['NT$', 'TWD'],
  ['$', 'USD'],
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['¥', 'JPY'],
  ['₹', 'INR'],
  ['₩', 'KRW'],
  ['₪', 'ILS'],
  ['₱', 'PHP'],
  ['₦', 'NGN'],
  ['₺', 'TRY'],
  ['zł', 'PLN'],
  ['Rs.', 'INR'],
  ['Rs', 'INR'],
];
const CODES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'BGN',
  'JPY',
  'CNY',
  'RMB',
  'HKD',
  'SGD',
  'INR',
  'KRW',
  'TWD',
  'BRL',
  'MXN',
  'ARS',
  'COP',
  'CLP',
  'ZAR',
  'AED',
  'SAR',
  'ILS',
  'TRY',
  'NGN',
  'KES',
  'EGP',
  'MAD',
  'DZD',
  'TND',
  'PHP',
  'IDR',
  'MYR',
  'THB',
  'VND',
  'PKR',
  'UAH',
];
const SYM_RE = SYMBOLS.map(([s]) => s.replace(/[$.]/g, (c) => `\\${c}`)).join('|');
const CODE_RE = CODES.join('|');
// One amount: optional currency before, the number, optional K/M/lakh, optional currency after.
const NUM = String.raw`\d{1,3}(?:[,.\s\u00a0\u202f]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const MULT = String.raw`k|K|m|M|mm|MM|lakhs?|lacs?|L|LPA|cr|crores?`;
const AMOUNT = String.raw`(?:(${SYM_RE}|\b(?:${CODE_RE})\b)\s?)?(${NUM})\s?(${MULT})?(?![\w%])\s?(${SYM_RE}|\b(?:${CODE_RE})\b|euros?|dollars?|pounds?)?`;
const SEP = String.raw`\s*(?:-|–|—|‑|to|à|a|bis|and|und|et|&|~)\s*`;
// A period may sit between the two ends: "$28/hour to $47/hour".
const PER = String.raw`\s*\/\s*(?:hour|hr|h|year|yr|annum|month|mo|week|wk|day|stunde|std|monat|jahr)\b`;
const RANGE_RE = new RegExp(String.raw`${AMOUNT}(${PER})?(?:${SEP}${AMOUNT})?`, 'g');

const PERIODS: ReadonlyArray<readonly [RegExp, SalaryPeriod]> = [
  [
    /^[\s,.(]*(?:(?:per|a|an|\/|each|by)\s*(?:hour|hr|h)\b|hourly|p\/?h\b|\/\s*hour|de l'heure|par heure|(?:pro|je|\/)\s*(?:stunde|std)\b|\/hr)/i,
    'hour',
  ],
  [/^[\s,.(]*(?:(?:per|a|\/|each)\s*(?:day|d)\b|daily|day rate|par jour|\/jour|pro tag)/i, 'day'],
  [/^[\s,.(]*(?:(?:per|a|\/)\s*(?:week|wk)\b|weekly)/i, 'week'],
  [
    /^[\s,.(]*(?:(?:per|a|\/)\s*(?:month|mo|mth)\b|monthly|par mois|\/mois|mensuel|brut mensuel|(?:pro|je|\/)\s*monat\b|monatlich|al mes|mensual)/i,
    'month',
  ],
  [
    /^[\s,.(]*(?:(?:per|a|an|\/|each)\s*(?:year|yr|annum|y)\b|annual(?:ly)?|yearly|p\.?\s?a\.?(?!\w)|lpa\b|par an\b|\/an\b|annuel|brut annuel|(?:pro|je|\/)\s*jahr\b|jährlich|al año|anual|base salary|salary|OTE)/i,
    'year',
  ],
];
const BEFORE_PERIODS: ReadonlyArray<readonly [RegExp, SalaryPeriod]> = [
  [/\b(?:hourly|per hour|hour(?:ly)? (?:rate|wage|pay))\b[^.\d]{0,40}$/i, 'hour'],
  [/\b(?:day rate|daily rate)\b[^.\d]{0,40}$/i, 'day'],
  [/\b(?:monthly|per month|salaire mensuel|monatsgehalt)\b[^.\d]{0,40}$/i, 'month'],
  [
    /\b(?:annual(?:ized)?|yearly|per year|per annum|salaire annuel|jahresgehalt|ote|on[- ]target earnings)\b[^.\d]{0,60}$/i,
    'year',
  ],
];
const PAY_WORD =
  /\b(?:salary|salaries|pay|compensation|comp|base|wage|wages|rate|earn|earnings|ote|remuneration|rémunération|salaire|gehalt|vergütung|sueldo|salario|stipend|range)\b/i;
// Perks priced in money are not pay: "$500 per month credit for waiving medical", "Housing subsidy of $2k".
const PERK_AFTER =
  /^\s*(?:(?:per|a|an|\/|each)\s*(?:month|year|week|day)\s+)?(?:credit|subsidy|stipend|allowance|reimbursement|budget|voucher|catavoucher|(?:education|learning|wellness|relocation|signing|sign-on|home office|wfh)\b)/i;
const PERK_BEFORE =
  /\b(?:subsidy|allowance|credit|reimburse\w*|voucher|catavoucher|hra|hsa|fsa|(?:housing|wellness|learning|education|wfh|home office|phone|internet|gym|travel|relocation) stipend)\b[^.]{0,30}$/i;
// "$50M+", "5+ years" (a plus attached), but not "$100,000 + $25,000 variable" (a plus between amounts).
const NOT_PAY_AFTER =
  /^(?:\+|\s*(?:%|variable|bonus|commission|equity|k\)|\(k\)|in (?:funding|revenue|arr|sales|assets)|(?:of )?(?:funding|revenue|arr|series|valuation|users|customers|raised|investment|employees|people|days|years|months|weeks|hours a week|hrs)\b|[mb]illion (?:in|users|customers|people)))/i;
const NOT_PAY_BEFORE =
  /(?:raised|funding|valuation|valued at|revenue|arr|series [a-e]|backed|invested|401|budget|grant|prize|award)\b[^.]{0,30}$/i;

function currencyOf(sym: string | undefined): string | undefined {
  if (!sym) return undefined;
  const s = sym.trim();
  const up = s.toUpperCase();
  if (CODES.includes(up)) return up === 'RMB' ? 'CNY' : up;
  if (/^euros?$/i.test(s)) return 'EUR';
  if (/^dollars?$/i.test(s)) return 'USD';
  if (/^pounds?$/i.test(s)) return 'GBP';
  return SYMBOLS.find(([x]) => x === s)?.[1];
}

function numberOf(raw: string): number {
  const s = raw.replace(/[\s\u00a0\u202f]/g, '');
  // "120,000" / "50.000" / "1.234,56" / "12.5" / "12,5": the last separator followed by 3 digits groups thousands.
  const m = /^(.*?)([.,])(\d{1,2})$/.exec(s);
  if (m) return Number(m[1]!.replace(/[.,]/g, '') + '.' + m[3]);
  return Number(s.replace(/[.,]/g, ''));
}

function multOf(m: string | undefined): number {
  if (!m) return 1;
  const s = m.toLowerCase();
  if (s === 'k') return 1e3;
  if (s === 'm' || s === 'mm') return 1e6;
  if (s.startsWith('la') || s === 'l' || s === 'lpa') return 1e5;
  if (s.startsWith('cr')) return 1e7;
  return 1;
}

function periodAfter(after: string): SalaryPeriod | undefined {
  for (const [re, p] of PERIODS) if (re.test(after)) return p;
  return undefined;
}

function periodBefore(before: string): SalaryPeriod | undefined {
  for (const [re, p] of BEFORE_PERIODS) if (re.test(before)) return p;
  return undefined;
}

/** Pay-sized for its period (payOfSize), and a range no wider than tenfold. */
function plausible(min: number, max: number, currency: string, period: SalaryPeriod): boolean {
  return max / min <= 10 && payOfSize(min, max, currency, period);
}

/**
 * The first stated pay in plain text, or null. Ranges ("$120,000 - $150,000 a year", "€50K–€60K",
 * "CA$90,000—CA$110,000 CAD"), single figures ("£30/hr"), Indian lakhs ("₹ 12 LPA").
 */
export function salaryFromText(plain: string): ParsedSalary | null {
  if (!plain) return null;
  const text = plain.replace(/\s+/g, ' ');
  RANGE_RE.lastIndex = 0;
  for (let m = RANGE_RE.exec(text); m; m = RANGE_RE.exec(text)) {
    if (m[0].trim() === '' || m.index === RANGE_RE.lastIndex) {
      RANGE_RE.lastIndex++;
      continue;
    }
    const [all, pre1, n1, mult1, post1, mid, pre2, n2, mult2, post2] = m;
    const before = text.slice(Math.max(0, m.index - 160), m.index);
    // From the last character of the match: "$110,000 + bonus" is not "$110,000+".
    const end = m.index + all.trimEnd().length;
    const after = text.slice(end, end + 60);
    const symbol = currencyOf(pre1) ?? currencyOf(post1) ?? currencyOf(pre2) ?? currencyOf(post2) ?? codeNear(after);
    // A bare "$" is any dollar: a code stated with the range ("$100,000 - $130,000 CAD") names it.
    const code = [pre1, post1, pre2, post2].find((x) => x && /^[A-Z]{3}$/.test(x.trim()));
    const cur =
      pre1?.trim() === '$' || post1?.trim() === '$' ? (currencyOf(code) ?? codeNear(after) ?? symbol) : symbol;
    if (!cur || !n1) continue;
    // Lakh suffix spelled "LPA" states the period too.
    const lpa = /lpa/i.test(mult1 ?? '') || /lpa/i.test(mult2 ?? '');
    if (NOT_PAY_AFTER.test(after) || NOT_PAY_BEFORE.test(before) || PERK_AFTER.test(after) || PERK_BEFORE.test(before))
      continue;
    if (/^\s*\(k\)/i.test(text.slice(m.index + all.length))) continue;
    const mA = multOf(mult1 ?? (n2 && mult2 && numberOf(n1) < numberOf(n2) ? mult2 : undefined));
    const a = numberOf(n1) * mA;
    const b = n2 ? numberOf(n2) * multOf(mult2 ?? mult1) : a;
    if (!Number.isFinite(a) || !Number.isFinite(b)) continue;
    let period = lpa ? 'year' : ((mid ? periodAfter(mid) : undefined) ?? periodAfter(after) ?? periodBefore(before));
    // No period stated: a yearly-sized range with a currency ("€50K–€60K", Ashby summaries), or a
    // yearly-sized single figure after a pay word ("Base salary: $150,000"), is a year's pay.
    if (!period && Math.min(a, b) >= 10_000 && (n2 !== undefined || PAY_WORD.test(before.slice(-120)))) period = 'year';
    if (!period) continue;
    const min = Math.round(Math.min(a, b) * 100) / 100;
    const max = Math.round(Math.max(a, b) * 100) / 100;
    if (!plausible(min, max, cur, period as SalaryPeriod)) continue;
    return { min, max, currency: cur, period: period as SalaryPeriod };
  }
  return null;
}

function codeNear(after: string): string | undefined {
  const m = new RegExp(String.raw`^\s*(?:per \w+\s*)?\(?\b(${CODE_RE})\b`).exec(after);
  return m ? currencyOf(m[1]) : undefined;
}
