// npm run bench — JobsService.List latency through the router: Connect JSON request bytes in,
// response bytes out, exactly what the HTTP server and the Electron IPC bridge hand the router.
// p50/p99 per representative request, at 100k and 1M generated jobs. BENCH_FOLD=1 also runs
// each request folded (`query.fold`, docs/decisions/folding.md), printed beside the spec's.
import { openIndex } from '#service/index-db/open-index';
import { invokeUnary } from '#service/rpc/invoke';
import { createHandlers } from '../electron/service/rpc/router.js';
import { createIndexContext } from '../electron/service/index-services/index-context.js';
import { indexRoutes } from '#service/index-services/routes';
import { normalizeJobQuery, type JobFiltersInput } from '#shared/rules/job-query';
import { benchIndex, percentile } from './bench-index.js';

interface Query {
  query?: string;
  filters?: JobFiltersInput;
  limit?: number;
  cursor?: string;
  fold?: boolean;
}

interface Case {
  name: string;
  /** Variants are cycled so no single query dominates. */
  queries: Query[];
  /** Pages to walk before the measured one (deep cursor). */
  depth?: number;
}

const CASES: Case[] = [
  {
    name: 'text only (relevance)',
    queries: ['engineer', 'nurse', 'manager', 'sales', 'data', 'senior developer'].map((q) => ({ query: q })),
  },
  {
    name: 'text + country + remote',
    queries: [
      ['engineer', 'US'],
      ['designer', 'GB'],
      ['support', 'DE'],
      ['analyst', 'CA'],
    ].map(([q, c]) => ({ query: q!, filters: { country: c!, remote: true } })),
  },
  {
    name: 'prefix as typed (softw, engin, nur, acc, mark)',
    queries: ['softw', 'engin', 'nur', 'acc', 'mark'].map((q) => ({ query: q })),
  },
  {
    name: 'filters only, newest',
    queries: [
      { filters: { country: 'DE', employmentType: 'full_time' } },
      { filters: { country: 'US', seniority: 'senior' } },
    ],
  },
  {
    name: 'filters only, recently_verified',
    queries: [
      { filters: { country: 'DE', employmentType: 'full_time', sort: 'recently_verified' } },
      { filters: { country: 'US', seniority: 'senior', sort: 'recently_verified' } },
    ],
  },
  {
    name: 'filters only, salary_desc',
    queries: [
      { filters: { country: 'DE', employmentType: 'full_time', sort: 'salary_desc' } },
      { filters: { country: 'US', seniority: 'senior', sort: 'salary_desc' } },
    ],
  },
  {
    name: 'filters only, company',
    queries: [
      { filters: { country: 'DE', employmentType: 'full_time', sort: 'company' } },
      { filters: { country: 'US', seniority: 'senior', sort: 'company' } },
    ],
  },
  { name: 'rare filter (IS), salary_desc', queries: [{ filters: { country: 'IS', sort: 'salary_desc' } }] },
  {
    name: 'text + salary range',
    queries: [
      { query: 'engineer', filters: { salaryMin: 100000, salaryMax: 150000 } },
      { query: 'nurse', filters: { salaryMin: 30 } },
    ],
  },
  {
    name: 'text + non-default sort',
    queries: [
      { query: 'pharmacist', filters: { sort: 'salary_desc' } },
      { query: 'engineer', filters: { sort: 'recently_verified' } },
    ],
  },
  {
    name: 'company filter',
    queries: [{ filters: { company: 'acme' } }, { query: 'engineer', filters: { company: 'nova' } }],
  },
  {
    name: 'text, posted sort',
    queries: ['engineer', 'nurse', 'manager', 'sales'].map((q) => ({ query: q, filters: { sort: 'posted' as const } })),
  },
  { name: 'deep cursor page (page 40)', queries: [{ query: 'engineer' }, { filters: { country: 'US' } }], depth: 39 },
];

const PATH = '/svc.jobs.v1.JobsService/List';
const folded = (c: Case): Case => ({
  ...c,
  name: `${c.name}, folded`,
  queries: c.queries.map((q) => ({ ...q, fold: true })),
});
const encode = (q: Query) => new TextEncoder().encode(JSON.stringify({ query: q }));

async function benchSize(jobs: number, runs: number): Promise<string[]> {
  const db = openIndex(benchIndex(jobs), { readonly: true });
  const ctx = createIndexContext(db);
  const handlers = createHandlers(indexRoutes(ctx));
  const call = async (q: Query) => {
    const res = await invokeUnary(handlers, { path: PATH, body: encode(q) });
    if (res.status !== 200) throw new Error(`${res.status} ${Buffer.from(res.body).toString()}`);
    return res;
  };
  const rows: string[] = [];
  const folds = process.env.BENCH_FOLD === '1' ? [false, true] : [false];
  for (const c of CASES.flatMap((c) => folds.map((fold) => (fold ? folded(c) : c)))) {
    const queries: Query[] = [];
    for (const q of c.queries) {
      let cursor: string | undefined;
      for (let i = 0; i < (c.depth ?? 0); i++) {
        const page = JSON.parse(Buffer.from((await call({ ...q, ...(cursor ? { cursor } : {}) })).body).toString());
        cursor = page.pagination.nextCursor;
      }
      queries.push(cursor ? { ...q, cursor } : q);
    }
    const bodies = queries.map(encode);
    for (let i = 0; i < 20; i++) await invokeUnary(handlers, { path: PATH, body: bodies[i % bodies.length]! });
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await invokeUnary(handlers, { path: PATH, body: bodies[i % bodies.length]! });
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const plans = new Set<string>();
    let returned = 0;
    for (const q of queries) {
      const page = ctx.search.list(normalizeJobQuery(q));
      page.plans.forEach((p) => plans.add(p));
      returned += page.rows.length;
    }
    rows.push(
      `| ${jobs.toLocaleString('en')} | ${c.name} | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 99).toFixed(2)} | ${(returned / queries.length).toFixed(0)} | ${[...plans].join(', ')} |`,
    );
    process.stderr.write(`${rows.at(-1)}\n`);
  }
  db.close();
  return rows;
}

const sizes = (process.env.BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const runs = Number(process.env.BENCH_RUNS ?? 500);
const out = ['| jobs | request | p50 ms | p99 ms | rows/page | plan |', '|---:|---|---:|---:|---:|---|'];
for (const n of sizes) out.push(...(await benchSize(n, runs)));
process.stdout.write(`\n${out.join('\n')}\n`);
