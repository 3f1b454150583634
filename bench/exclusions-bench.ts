// npm run bench:exclusions — what leaving hidden jobs and blocked companies out of search costs:
// JobsService.List medians on the 100k index with 0, 100 and 1,000 hidden jobs (taken from the
// queries' own first pages, so they are really skipped) plus 10 blocked companies.
import { openIndex } from '#service/index-db/open-index';
import type { SearchExclusions } from '../electron/service/index-db/search/job-search.js';
import { createIndexContext } from '../electron/service/index-services/index-context.js';
import { normalizeJobQuery, type JobFiltersInput } from '#shared/rules/job-query';
import { benchIndex, percentile } from './bench-index.js';

const db = openIndex(benchIndex(100_000), { readonly: true });
let hiding: SearchExclusions | undefined;
const ctx = createIndexContext(db, Date.now, { exclusions: () => hiding });
const QUERIES: Array<{ name: string; query?: string; filters?: JobFiltersInput }> = [
  { name: 'text "engineer" (relevance)', query: 'engineer' },
  { name: 'country US (newest)', filters: { country: 'US' } },
  { name: 'country DE by salary_desc', filters: { country: 'DE', sort: 'salary_desc' } },
  { name: 'no filters (newest)' },
];
const RUNS = 60;

function ids(q: (typeof QUERIES)[number], n: number): string[] {
  return ctx.search
    .list(normalizeJobQuery({ ...q, limit: 100 }))
    .rows.slice(0, n)
    .map((r) => r.id);
}

function median(q: (typeof QUERIES)[number]): number {
  const req = normalizeJobQuery({ ...q, limit: 25 });
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    ctx.search.list(req);
    times.push(performance.now() - t);
  }
  return percentile(
    times.sort((a, b) => a - b),
    50,
  );
}

const companies = db
  .prepare('SELECT slug FROM companies ORDER BY active_job_count DESC LIMIT 10')
  .pluck()
  .all() as string[];
const everyId = db
  .prepare("SELECT id FROM jobs WHERE status = 'active' ORDER BY rid DESC LIMIT 1000")
  .pluck()
  .all() as string[];
const lines = ['| query | none | 100 hidden + 10 companies | 1,000 hidden + 10 companies |', '|---|---:|---:|---:|'];
for (const q of QUERIES) {
  hiding = undefined;
  const base = median(q);
  const own = ids(q, 100);
  const cells = [base];
  for (const n of [100, 1000]) {
    const hidden = [...new Set([...own, ...everyId])].slice(0, n);
    hiding = { jobIds: hidden, companySlugs: companies };
    cells.push(median(q));
  }
  lines.push(`| ${q.name} | ${cells.map((c) => `${c.toFixed(2)} ms`).join(' | ')} |`);
}
db.close();
process.stdout.write(`JobsService.List (25 cards), median of ${RUNS}, 100k index\n\n${lines.join('\n')}\n`);
