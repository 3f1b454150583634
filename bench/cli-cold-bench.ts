// `jobindex search` cold, from process start (issue 30): one fresh node process per run, as a
// person typing the command gets, the median of many runs (as hyperfine reports it).
// Usage: node dist/bench/cli-cold-bench.js --db FILE [--runs 15] [-- extra search args]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const flag = (name: string, dflt?: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const db = flag('--db');
if (!db) throw new Error('--db FILE: the index to search (e.g. a 100k one from `jobindex generate`)');
const runs = Number(flag('--runs', '15'));
const extra = args.includes('--') ? args.slice(args.indexOf('--') + 1) : ['engineer'];
const cli = fileURLToPath(new URL('../../bin/jobindex.js', import.meta.url));

const cpuReport = fileURLToPath(new URL('../../bench/cli-cold/cpu-report.mjs', import.meta.url));

/** Wall time from spawn to exit, and the CPU time the process reported (user + system). */
function time(argv: string[]): { wall: number; cpu: number } {
  const t = performance.now();
  const r = spawnSync(process.execPath, ['--import', cpuReport, ...argv], { stdio: ['ignore', 'ignore', 'pipe'] });
  const wall = performance.now() - t;
  if (r.status !== 0) throw new Error(`${argv.join(' ')} exited ${r.status}: ${r.stderr.toString()}`);
  const cpu = Number(/cpu-us (\d+)\s*$/.exec(r.stderr.toString())?.[1]) / 1000;
  return { wall, cpu };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const measure = (argv: string[]) => {
  time(argv); // warm the file cache once, as hyperfine's warm-up does
  const xs = Array.from({ length: runs }, () => time(argv));
  const wall = xs.map((x) => x.wall);
  return { median: median(wall), min: Math.min(...wall), max: Math.max(...wall), cpu: median(xs.map((x) => x.cpu)) };
};

const rows = {
  'bare node (-e 0)': measure(['-e', '0']),
  [`jobindex search ${extra.join(' ')}`]: measure([cli, 'search', ...extra, '--db', db]),
  'jobindex --help': measure([cli, '--help']),
};
const s = (ms: number) => (ms / 1000).toFixed(3);
console.log(
  `cold CLI, ${runs} runs each: wall median (min–max) and the process's own CPU time median, seconds; index ${db}`,
);
for (const [name, r] of Object.entries(rows))
  console.log(`  ${name.padEnd(34)} wall ${s(r.median)} (${s(r.min)}–${s(r.max)})  cpu ${s(r.cpu)}`);
