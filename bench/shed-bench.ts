// npm run bench:shed — a burst of varied queries against a fresh `jobindex serve` on a 100k index,
// at 20, 100 and 200 connections, with load shedding (--shed) and without (the default):
// p50 / p99 / max latency of every answer, and the share answered 503 service_unavailable.
import { loadavg } from 'node:os';
import autocannon, { type Request, type Result } from 'autocannon';
import { benchIndex } from './bench-index.js';
import { startListening } from '../test/helpers/listening-process.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '20,100,200').split(',').map(Number);
const LIST = '/svc.jobs.v1.JobsService/List';

// Varied queries, as people type them: words, two-word phrases, filters and every sort.
const WORDS = ['engineer', 'nurse', 'sales', 'manager', 'data', 'designer', 'analyst', 'teacher', 'driver', 'developer', 'marketing', 'finance', 'support', 'product', 'senior', 'remote', 'python', 'java', 'accountant', 'operations'];
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'CA', 'IN', 'AU', 'NL'];
const SORTS = ['relevance', 'newest', 'recently_verified', 'salary_desc', 'company'];
let seq = 0;
function variedBody(): string {
  const n = seq++;
  const w = WORDS[n % WORDS.length]!;
  const query = n % 3 === 0 ? `${w} ${WORDS[(n * 7 + 3) % WORDS.length]}` : w;
  const filters: Record<string, unknown> = { sort: SORTS[n % SORTS.length] };
  if (n % 2) filters.country = COUNTRIES[n % COUNTRIES.length];
  if (n % 5 === 0) filters.remote = true;
  return JSON.stringify({ query: { query, filters, limit: n % 4 === 0 ? 100 : 25 } });
}

const request: Request = {
  method: 'POST',
  path: LIST,
  headers: { 'content-type': 'application/json' },
  setupRequest: (req) => ({ ...req, body: variedBody() }),
};

const file = benchIndex(100_000);
const rows: string[] = [];
const load = loadavg().map((l) => l.toFixed(1)).join(' ');
for (const connections of CONNECTIONS) {
  for (const [how, extra] of [['--shed', ['--shed']], ['no shedding (default)', []]] as const) {
    // A fresh server each run: the burst meets cold caches, as the first seconds after a start do.
    const served = await startListening(['bin/jobindex.js', 'serve', '--db', file, '--port', '0', '--no-cache', '--log-level', 'warn', ...extra], { stderr: 'inherit' });
    try {
      const r: Result = await autocannon({ url: served.url, connections, duration: SECONDS, requests: [request] });
      const total = r.requests.total;
      const shed = r.statusCodeStats?.['503']?.count ?? 0;
      rows.push(`| ${connections} | ${how} | ${total} | ${(total / SECONDS).toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.latency.max} | ${((shed / Math.max(1, total)) * 100).toFixed(1)}% | ${r.errors + r.timeouts} |`);
    } finally {
      await served.stop();
    }
  }
}

process.stdout.write(
  [
    `100,000 jobs, varied JobsService.List queries (words, filters, every sort), ${SECONDS} s per run, fresh server with --no-cache; load average at start ${load}`,
    '',
    '| connections | server | answers | answers/s | p50 ms | p99 ms | max ms | shed (503) | errors |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n') + '\n',
);
