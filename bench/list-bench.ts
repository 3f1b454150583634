// npm run bench — JobsService.List latency through the router (in-memory Connect transport,
// JSON), p50/p99 per representative request, at 100k and 1M generated jobs.
import { createClient } from '@connectrpc/connect';
import { JobsService } from '../shared/gen/svc/jobs/v1/jobs_pb.js';
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { JobQuerySchema } from '../shared/gen/svc/jobs/v1/jobs_pb.js';
import { openIndex } from '../electron/index-db/open-index.js';
import { createInMemoryTransport } from '../electron/rpc/in-memory-transport.js';
import { createHandlers } from '../electron/rpc/router.js';
import { createIndexContext } from '../electron/services/index-context.js';
import { indexRoutes } from '../electron/services/routes.js';
import { normalizeJobQuery } from '../shared/rules/job-query.js';
import { benchIndex, percentile } from './bench-index.js';

type Query = MessageInitShape<typeof JobQuerySchema>;

interface Case {
  name: string;
  /** Variants are cycled so no single query dominates. */
  queries: Query[];
  /** Pages to walk before the measured one (deep cursor). */
  depth?: number;
}

const CASES: Case[] = [
  { name: 'text only (relevance)', queries: ['engineer', 'nurse', 'manager', 'sales', 'data', 'senior developer'].map((q) => ({ query: q })) },
  { name: 'text + country + remote', queries: [['engineer', 'US'], ['designer', 'GB'], ['support', 'DE'], ['analyst', 'CA']].map(([q, c]) => ({ query: q, filters: { country: c, remote: true } })) },
  { name: 'prefix as typed (softw, engin, nur)', queries: ['softw', 'engin', 'nur', 'acc', 'mark'].map((q) => ({ query: q })) },
  { name: 'filters only, newest', queries: [{ filters: { country: 'DE', employmentType: 'full_time' } }, { filters: { country: 'US', seniority: 'senior' } }] },
  { name: 'filters only, recently_verified', queries: [{ filters: { country: 'DE', employmentType: 'full_time', sort: 'recently_verified' } }, { filters: { country: 'US', seniority: 'senior', sort: 'recently_verified' } }] },
  { name: 'filters only, salary_desc', queries: [{ filters: { country: 'DE', employmentType: 'full_time', sort: 'salary_desc' } }, { filters: { country: 'US', seniority: 'senior', sort: 'salary_desc' } }] },
  { name: 'filters only, company', queries: [{ filters: { country: 'DE', employmentType: 'full_time', sort: 'company' } }, { filters: { country: 'US', seniority: 'senior', sort: 'company' } }] },
  { name: 'rare filter (IS), salary_desc', queries: [{ filters: { country: 'IS', sort: 'salary_desc' } }] },
  { name: 'text + salary range', queries: [{ query: 'engineer', filters: { salaryMin: 100000, salaryMax: 150000 } }, { query: 'nurse', filters: { salaryMin: 30 } }] },
  { name: 'company filter', queries: [{ filters: { company: 'acme' } }, { query: 'engineer', filters: { company: 'nova' } }] },
  { name: 'deep cursor page (page 40)', queries: [{ query: 'engineer' }, { filters: { country: 'US' } }], depth: 39 },
];

async function benchSize(jobs: number, runs: number): Promise<string[]> {
  const db = openIndex(benchIndex(jobs), { readonly: true });
  const ctx = createIndexContext(db);
  const client = createClient(JobsService, createInMemoryTransport(createHandlers(indexRoutes(ctx))));
  const rows: string[] = [];
  for (const c of CASES) {
    // Resolve deep cursors first (not timed).
    const queries: Query[] = [];
    for (const q of c.queries) {
      let cursor: string | undefined;
      for (let i = 0; i < (c.depth ?? 0); i++) {
        cursor = (await client.list({ query: { ...q, ...(cursor ? { cursor } : {}) } })).pagination?.nextCursor;
      }
      queries.push(cursor ? { ...q, cursor } : q);
    }
    for (let i = 0; i < 20; i++) await client.list({ query: queries[i % queries.length]! });
    const times: number[] = [];
    let returned = 0;
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      const res = await client.list({ query: queries[i % queries.length]! });
      times.push(performance.now() - t);
      returned += res.data.length;
    }
    times.sort((a, b) => a - b);
    const plans = new Set<string>();
    for (const q of queries) {
      const page = ctx.search.list(normalize(q));
      page.plans.forEach((p) => plans.add(p));
    }
    rows.push(
      `| ${jobs.toLocaleString('en')} | ${c.name} | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 99).toFixed(2)} | ${(returned / runs).toFixed(0)} | ${[...plans].join(', ')} |`,
    );
    process.stderr.write(`${rows.at(-1)}\n`);
  }
  db.close();
  return rows;
}

function normalize(q: Query) {
  return normalizeJobQuery(q as Parameters<typeof normalizeJobQuery>[0]);
}

const sizes = (process.env.BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const runs = Number(process.env.BENCH_RUNS ?? 300);
const out = ['| jobs | request | p50 ms | p99 ms | rows/page | plan |', '|---:|---|---:|---:|---:|---|'];
for (const n of sizes) out.push(...(await benchSize(n, runs)));
process.stdout.write(`\n${out.join('\n')}\n`);
