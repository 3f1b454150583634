// npm run bench:serve:workers — `jobindex serve` on every core (#30, docs/decisions/serve-workers.md).
// 1. Uncached List throughput with --workers 1 and 2 (and the ratio): a fresh `--no-cache` server,
//    warmed, then BENCH_CONNECTIONS_SATURATE closed-loop connections of varied queries.
// 2. p99 and shed count at 100 connections on the same warm servers.
// 3. The burst at expiry: the answer cache with a short TTL (--cache-ttl-ms), 100 connections asking
//    20 popular queries, so every entry expires several times while the burst goes on.
// Each measurement is made by every load client (load-clients.ts: wrk when on PATH, and the Node
// client), one after the other on the same server, and each client's own CPU is printed beside its
// figures, as is the server's CPU per uncached answer (/proc). Runs alternate 1 and 2 workers
// BENCH_RUNS times; medians are printed with the load average. BENCH_JOBS sets the scale.
// BENCH_BEFORE=<other tree>/bin/jobindex.js also runs that server in every run (before/after
// interleaved under the same load); BENCH_SERVER replaces this tree's.
import { loadavg } from 'node:os';
import { benchIndex, median } from './bench-index.js';
import { processCpuS } from './child-cost.js';
import { burst, loadClients, type ClientName, type ClientResult } from './load-clients.js';
import { startListening } from '../test/helpers/listening-process.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SATURATE = Number(process.env.BENCH_CONNECTIONS_SATURATE ?? 8);
const SERVERS: Array<{ name: string; bin: string }> = [
  ...(process.env.BENCH_BEFORE ? [{ name: 'before', bin: process.env.BENCH_BEFORE }] : []),
  { name: process.env.BENCH_BEFORE ? 'after' : 'server', bin: process.env.BENCH_SERVER ?? 'bin/jobindex.js' },
];
const CLIENTS = loadClients();
const TTL_MS = 2000;

const file = benchIndex(JOBS);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

interface Run {
  perSecond: number;
  /** The server's CPU ms per uncached 200 (all its threads), in the saturating measurement. */
  serverCpuMs: number;
  sat: ClientResult;
  at100: ClientResult;
  expiry: ClientResult;
}

/** A client's burst with the server process's CPU over it. */
async function timed(pid: number, ...args: Parameters<typeof burst>) {
  const before = processCpuS(pid);
  const r = await burst(...args);
  const after = processCpuS(pid);
  return { r, serverCpuS: before === undefined || after === undefined ? NaN : after - before };
}

async function measure(bin: string, workers: number, order: ClientName[]): Promise<Record<string, Run>> {
  const common = [bin, 'serve', '--db', file, '--port', '0', '--log-level', 'warn', '--workers', String(workers)];
  const out: Record<string, Partial<Run>> = {};
  const uncached = await startListening([...common, '--no-cache'], { stderr: 'inherit' });
  try {
    await burst(order[0]!, uncached.url, SATURATE, 2); // warm: JIT, page cache, prepared statements
    for (const c of order) {
      const sat = await timed(uncached.child.pid!, c, uncached.url, SATURATE, SECONDS);
      const at100 = await burst(c, uncached.url, 100, SECONDS);
      out[c] = { perSecond: sat.r.ok / SECONDS, serverCpuMs: (sat.serverCpuS * 1000) / sat.r.ok, sat: sat.r, at100 };
    }
  } finally {
    await uncached.stop();
  }
  const cached = await startListening([...common, '--cache-ttl-ms', String(TTL_MS)], { stderr: 'inherit' });
  try {
    for (const c of order) {
      await burst(c, cached.url, 4, 1, 20);
      out[c]!.expiry = await burst(c, cached.url, 100, SECONDS, 20);
    }
  } finally {
    await cached.stop();
  }
  return out as Record<string, Run>;
}

const loadAtStart = load();
// runs[server][client][workers]
const runs: Record<string, Record<string, Record<1 | 2, Run[]>>> = {};
for (let i = 0; i < RUNS; i++) {
  // Alternate which client goes first, so neither always meets the fresher server.
  const order = i % 2 ? [...CLIENTS].reverse() : CLIENTS;
  for (const s of SERVERS) {
    for (const w of [1, 2] as const) {
      const r = await measure(s.bin, w, order);
      for (const [c, run] of Object.entries(r)) (((runs[s.name] ??= {})[c] ??= { 1: [], 2: [] })[w] ??= []).push(run);
      process.stderr.write(`run ${i + 1}, ${s.name}, --workers ${w}: ${JSON.stringify(r)} (load ${load()})\n`);
    }
  }
}

const cpu = (x: number) => (Number.isNaN(x) ? '–' : x.toFixed(2));
/** The client's CPU ms per request it sent (answered, shed or not). */
const perRequest = (r: ClientResult) => ((r.cpuS ?? NaN) * 1000) / (r.ok + r.shed + r.otherErrors + r.timeouts);
const lines: string[] = [];
for (const s of SERVERS) {
  for (const c of CLIENTS) {
    const byW = runs[s.name]![c]!;
    const med = (w: 1 | 2, f: (r: Run) => number) => median(byW[w].map(f));
    for (const w of [1, 2] as const) {
      lines.push(
        `| ${s.name} | ${c} | ${w} | ${med(w, (r) => r.perSecond).toFixed(0)} | ${med(w, (r) => r.serverCpuMs).toFixed(2)} | ${cpu(med(w, (r) => perRequest(r.sat)))} | ${med(w, (r) => r.sat.p99)} | ${med(w, (r) => r.at100.p99)} | ${med(w, (r) => r.at100.shed)} | ${cpu(med(w, (r) => perRequest(r.at100)))} | ${med(w, (r) => r.expiry.ok)} | ${med(w, (r) => r.expiry.p99)} | ${med(w, (r) => r.expiry.max)} | ${med(w, (r) => r.expiry.shed)} | ${cpu(med(w, (r) => perRequest(r.expiry)))} |`,
      );
    }
  }
}
const ratioLines = SERVERS.flatMap((s) =>
  CLIENTS.map((c) => {
    const byW = runs[s.name]![c]!;
    const ratios = byW[2].map((r, i) => r.perSecond / byW[1][i]!.perSecond);
    return `${s.name}, ${c} client: 2 workers / 1 worker, uncached List throughput: median ${median(ratios).toFixed(2)}× (runs: ${ratios.map((x) => x.toFixed(2)).join(', ')})`;
  }),
);
process.stdout.write(
  [
    `${SERVERS.map((s) => `${s.name} = ${s.bin}`).join(', ')}: ${JOBS.toLocaleString('en')} jobs, ${SECONDS} s per measurement, medians of ${RUNS} alternating runs; load average ${loadAtStart} at the start, ${load()} at the end`,
    '',
    `| server | client | --workers | uncached List 200s/s (${SATURATE} conns) | server CPU ms / answer | client CPU ms / request | p99 ms (${SATURATE}) | p99 ms (100 conns) | shed (100 conns) | client CPU ms / req (100) | expiry burst: 200s | expiry p99 ms | expiry max ms | expiry shed | client CPU ms / req (expiry) |`,
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...lines,
    '',
    ...ratioLines,
    `expiry burst: 100 connections asking 20 queries, answers fresh for ${TTL_MS} ms, so each entry expired ~${Math.floor((SECONDS * 1000) / TTL_MS)} times during it`,
  ].join('\n') + '\n',
);
