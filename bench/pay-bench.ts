// npm run bench:pay — "Highest pay" (pay_desc) and the comparable-pay filters on the 1M bench
// index: JobSearch.list, 25 cards, first pages and pages deep in the walk (by cursor), p50 / p99
// against the List targets of BENCHMARKS.md (p50 ≤ 5 ms, p99 ≤ 25 ms).
import { openIndex } from '#service/index-db/open-index';
import { createIndexContext } from '../electron/service/index-services/index-context.js';
import { normalizeJobQuery, type JobFiltersInput } from '#shared/rules/job-query';
import { benchIndex, percentile } from './bench-index.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 1_000_000);
const file = benchIndex(JOBS); // brings a kept file to this build's schema (0007 fills the pay columns)
const db = openIndex(file, { readonly: true });
const ctx = createIndexContext(db);

const CASES: Array<{ name: string; query?: string; filters: JobFiltersInput }> = [
  { name: 'pay_desc', filters: { sort: 'pay_desc' } },
  { name: 'pay_desc, country DE', filters: { sort: 'pay_desc', country: 'DE' } },
  { name: 'pay_desc, remote, full_time', filters: { sort: 'pay_desc', remote: true, employmentType: 'full_time' } },
  { name: 'pay_desc, text "engineer"', query: 'engineer', filters: { sort: 'pay_desc' } },
  { name: 'pay_desc, text "nurse", country US', query: 'nurse', filters: { sort: 'pay_desc', country: 'US' } },
  { name: 'payMin 80,000 USD (newest)', filters: { payMin: 80_000, payCurrency: 'USD' } },
  { name: 'payMin 150,000 USD, pay_desc', filters: { payMin: 150_000, payCurrency: 'USD', sort: 'pay_desc' } },
  { name: 'payMax 30,000 EUR, country GB', filters: { payMax: 30_000, payCurrency: 'EUR', country: 'GB' } },
  { name: 'payMax 100,000 EUR, pay_desc', filters: { payMax: 100_000, payCurrency: 'EUR', sort: 'pay_desc' } },
  {
    name: 'payMax 40,000 EUR, country DE, pay_desc',
    filters: { payMax: 40_000, payCurrency: 'EUR', country: 'DE', sort: 'pay_desc' },
  },
  {
    name: 'payMin 60,000 + payMax 90,000 GBP, pay_desc',
    filters: { payMin: 60_000, payMax: 90_000, payCurrency: 'GBP', sort: 'pay_desc' },
  },
  {
    name: 'payMin 60,000 + payMax 90,000 GBP, country GB, pay_desc',
    filters: { payMin: 60_000, payMax: 90_000, payCurrency: 'GBP', country: 'GB', sort: 'pay_desc' },
  },
  {
    name: 'payMin 50,000 + payMax 80,000 USD, text "nurse", pay_desc',
    query: 'nurse',
    filters: { payMin: 50_000, payMax: 80_000, payCurrency: 'USD', sort: 'pay_desc' },
  },
  {
    name: 'payMax 40,000 EUR, text "engineer", pay_desc',
    query: 'engineer',
    filters: { payMax: 40_000, payCurrency: 'EUR', sort: 'pay_desc' },
  },
  {
    name: 'payMin 80,000 USD, text "manager", country US (newest)',
    query: 'manager',
    filters: { payMin: 80_000, payCurrency: 'USD', country: 'US' },
  },
];
const RUNS = 40;
const DEEP = 20; // the 21st page, reached by cursor

const lines = ['| request | first page p50 | p99 | page 21 p50 | p99 |', '|---|---:|---:|---:|---:|'];
let worstP50 = 0;
let worstP99 = 0;
for (const c of CASES) {
  const base = { ...(c.query ? { query: c.query } : {}), filters: c.filters, limit: 25 };
  let cursor: string | undefined;
  for (let p = 0; p < DEEP; p++) {
    cursor = ctx.search.list(normalizeJobQuery({ ...base, ...(cursor ? { cursor } : {}) })).nextCursor;
    if (!cursor) break;
  }
  const cells: string[] = [];
  for (const cur of [undefined, cursor]) {
    if (cur === undefined && cells.length) {
      cells.push('–', '–');
      continue;
    }
    const req = normalizeJobQuery({ ...base, ...(cur ? { cursor: cur } : {}) });
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      ctx.search.list(req);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p99 = percentile(times, 99);
    worstP50 = Math.max(worstP50, p50);
    worstP99 = Math.max(worstP99, p99);
    cells.push(p50.toFixed(2), p99.toFixed(2));
  }
  lines.push(`| ${c.name} | ${cells.join(' | ')} |`);
}
db.close();
process.stdout.write(
  `JobSearch.list (25 cards) on the ${JOBS.toLocaleString('en')}-job index, ${RUNS} runs each, ms\n\n${lines.join('\n')}\n\n` +
    `worst p50 ${worstP50.toFixed(2)} ms (target ≤ 5), worst p99 ${worstP99.toFixed(2)} ms (target ≤ 25)\n`,
);
