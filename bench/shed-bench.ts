// npm run bench:shed — a burst of varied queries against a fresh `jobindex serve` on a 100k index,
// at 20, 100 and 200 connections, with load shedding (the default) and without (--no-shed). The
// client is its own process (burst-client.ts) honouring Retry-After; every request is timed from
// send to last byte, so waiting to be accepted or read counts. Set BENCH_SERVER to another
// checkout's bin/jobindex.js to measure it on the same terms.
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { packageRoot } from '#service/paths';
import { benchIndex } from './bench-index.js';
import type { BurstResult } from './burst-client.js';
import { startListening } from '../test/helpers/listening-process.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '20,100,200').split(',').map(Number);
const SERVER = process.env.BENCH_SERVER ?? 'bin/jobindex.js';
const CLIENT = join(packageRoot, 'dist', 'bench', 'burst-client.js');

const file = benchIndex(100_000);
const rows: string[] = [];
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const loadAtStart = load();
for (const connections of CONNECTIONS) {
  for (const [how, extra] of [
    ['shedding (default)', []],
    ['--no-shed', ['--no-shed']],
  ] as const) {
    // A fresh server each run: the burst meets cold caches, as the first seconds after a start do.
    const served = await startListening(
      [SERVER, 'serve', '--db', file, '--port', '0', '--no-cache', '--log-level', 'warn', ...extra],
      { stderr: 'inherit' },
    );
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [
        CLIENT,
        served.url,
        String(connections),
        String(SECONDS),
      ]);
      const r = JSON.parse(stdout) as BurstResult;
      const all = r.ok + r.shed + r.timeouts;
      rows.push(
        `| ${connections} | ${how} | ${r.ok} | ${(r.ok / SECONDS).toFixed(0)} | ${r.p50} | ${r.p99} | ${r.max} | ${r.over2s} | ${((r.shed / Math.max(1, all)) * 100).toFixed(1)}% | ${r.timeouts} |`,
      );
    } finally {
      await served.stop();
    }
  }
}

process.stdout.write(
  [
    `${SERVER}: 100,000 jobs, varied JobsService.List queries (words, filters, every sort), ${SECONDS} s per run, fresh server with --no-cache; client in its own process; load average ${loadAtStart} at the start, ${load()} at the end`,
    '',
    '| connections | server | answered 200 | 200s/s | p50 ms | p99 ms | max ms | > 2 s | shed (503) | timeouts (10 s) |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n') + '\n',
);
