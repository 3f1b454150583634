// npm run bench:serve:workers — `jobindex serve` on every core (#30, docs/decisions/serve-workers.md).
// 1. Uncached List throughput with --workers 1 and 2 (and the ratio): a fresh `--no-cache` server,
//    warmed, then BENCH_CONNECTIONS_SATURATE closed-loop connections of varied queries.
// 2. p99 and shed count at 100 connections on the same warm servers.
// 3. The burst at expiry: the answer cache with a short TTL (--cache-ttl-ms), 100 connections asking
//    20 popular queries, so every entry expires several times while the burst goes on.
// Runs alternate 1 and 2 workers BENCH_RUNS times; medians are printed with the load average.
// The client is its own process (burst-client.ts), honouring Retry-After. BENCH_JOBS sets the scale.
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { packageRoot } from '#service/paths';
import { benchIndex, median } from './bench-index.js';
import type { BurstResult } from './burst-client.js';
import { startListening } from '../test/helpers/listening-process.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SATURATE = Number(process.env.BENCH_CONNECTIONS_SATURATE ?? 8);
const SERVER = process.env.BENCH_SERVER ?? 'bin/jobindex.js';
const CLIENT = join(packageRoot, 'dist', 'bench', 'burst-client.js');
const TTL_MS = 2000;

const file = benchIndex(JOBS);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function client(url: string, connections: number, seconds: number, distinct = 0): Promise<BurstResult> {
  const args = [CLIENT, url, String(connections), String(seconds), String(distinct)];
  const { stdout } = await promisify(execFile)(process.execPath, args);
  return JSON.parse(stdout) as BurstResult;
}

interface Run {
  perSecond: number;
  p99: number;
  shed: number;
  p99At100: number;
  shedAt100: number;
  expiry: BurstResult;
}

async function measure(workers: number): Promise<Run> {
  const common = [SERVER, 'serve', '--db', file, '--port', '0', '--log-level', 'warn', '--workers', String(workers)];
  const uncached = await startListening([...common, '--no-cache'], { stderr: 'inherit' });
  let run: Omit<Run, 'expiry'>;
  try {
    await client(uncached.url, SATURATE, 2); // warm: JIT, page cache, prepared statements
    const sat = await client(uncached.url, SATURATE, SECONDS);
    const at100 = await client(uncached.url, 100, SECONDS);
    run = { perSecond: sat.ok / SECONDS, p99: sat.p99, shed: sat.shed, p99At100: at100.p99, shedAt100: at100.shed };
  } finally {
    await uncached.stop();
  }
  const cached = await startListening([...common, '--cache-ttl-ms', String(TTL_MS)], { stderr: 'inherit' });
  try {
    await client(cached.url, 4, 1, 20);
    return { ...run, expiry: await client(cached.url, 100, SECONDS, 20) };
  } finally {
    await cached.stop();
  }
}

const loadAtStart = load();
const runs: Record<1 | 2, Run[]> = { 1: [], 2: [] };
for (let i = 0; i < RUNS; i++) {
  for (const w of [1, 2] as const) {
    const r = await measure(w);
    runs[w].push(r);
    process.stderr.write(`run ${i + 1}, --workers ${w}: ${JSON.stringify(r)} (load ${load()})\n`);
  }
}
const med = (w: 1 | 2, f: (r: Run) => number) => median(runs[w].map(f));
const row = (w: 1 | 2) =>
  `| ${w} | ${med(w, (r) => r.perSecond).toFixed(0)} | ${med(w, (r) => r.p99)} | ${med(w, (r) => r.p99At100)} | ${med(w, (r) => r.shedAt100)} | ${med(w, (r) => r.expiry.ok)} | ${med(w, (r) => r.expiry.p99)} | ${med(w, (r) => r.expiry.max)} | ${med(w, (r) => r.expiry.shed)} |`;
const ratios = runs[2].map((r, i) => r.perSecond / runs[1][i]!.perSecond);
process.stdout.write(
  [
    `${SERVER}: ${JOBS.toLocaleString('en')} jobs, ${SECONDS} s per measurement, medians of ${RUNS} alternating runs; load average ${loadAtStart} at the start, ${load()} at the end`,
    '',
    `| --workers | uncached List 200s/s (${SATURATE} conns) | p99 ms (${SATURATE}) | p99 ms (100 conns) | shed (100 conns) | expiry burst: 200s | expiry p99 ms | expiry max ms | expiry shed |`,
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    row(1),
    row(2),
    '',
    `2 workers / 1 worker, uncached List throughput: median ${median(ratios).toFixed(2)}× (runs: ${ratios.map((x) => x.toFixed(2)).join(', ')})`,
    `expiry burst: 100 connections asking 20 queries, answers fresh for ${TTL_MS} ms, so each entry expired ~${Math.floor((SECONDS * 1000) / TTL_MS)} times during it`,
  ].join('\n') + '\n',
);
