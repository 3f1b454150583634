// `jobindex search` cold, from process start (issue 30): one fresh node process per run, as a
// person typing the command gets, the median of many runs (as hyperfine reports it).
// Usage: node dist/bench/cli-cold-bench.js --db FILE [--runs 15] [-- extra search args]
// Beside the times, the files each command loads (ES modules and CommonJS; a bundle chunk is one).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
const moduleTrace = fileURLToPath(new URL('../../bench/cli-cold/module-trace.mjs', import.meta.url));
const traceDir = mkdtempSync(join(tmpdir(), 'cli-cold-'));

/** How many files one run loads (module-trace.mjs), and what it printed. */
function filesLoaded(argv: string[]): { files: number; stdout: string } {
  const out = join(traceDir, `${Math.random().toString(36).slice(2)}.txt`);
  const r = spawnSync(process.execPath, ['--import', moduleTrace, ...argv], {
    env: { ...process.env, JOBINDEX_MODULE_TRACE: out },
    maxBuffer: 64 << 20,
  });
  if (r.status !== 0) throw new Error(`${argv.join(' ')} exited ${r.status}: ${r.stderr.toString()}`);
  const files = new Set(readFileSync(out, 'utf8').split('\n').filter(Boolean)).size;
  return { files, stdout: r.stdout.toString() };
}

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

const search = [cli, 'search', ...extra, '--db', db];
const firstId = (JSON.parse(filesLoaded([...search, '--json']).stdout) as { data: { id: string }[] }).data[0]?.id;
if (!firstId) throw new Error(`no job matches ${extra.join(' ')}: nothing to \`get\``);
const commands: Record<string, string[]> = {
  'bare node (-e 0)': ['-e', '0'],
  [`jobindex search ${extra.join(' ')}`]: search,
  'jobindex get (first hit)': [cli, 'get', firstId, '--db', db],
  'jobindex info': [cli, 'info', '--db', db],
  'jobindex --help': [cli, '--help'],
};
const rows = Object.entries(commands).map(([name, argv]) => ({
  name,
  ...measure(argv),
  files: name.startsWith('bare') ? 0 : filesLoaded(argv).files,
}));
rmSync(traceDir, { recursive: true, force: true });
const s = (ms: number) => (ms / 1000).toFixed(3);
console.log(
  `cold CLI, ${runs} runs each: wall median (min–max) and the process's own CPU time median, seconds; files loaded; index ${db}`,
);
for (const r of rows)
  console.log(
    `  ${r.name.padEnd(34)} wall ${s(r.median)} (${s(r.min)}–${s(r.max)})  cpu ${s(r.cpu)}  files ${String(r.files).padStart(3)}`,
  );
