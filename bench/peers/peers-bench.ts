// npm run bench:peers — our SQLite index against MiniSearch, FlexSearch and Orama on the same
// generated corpus: build, size, cold start, p50/p99 per request type, peak RSS, overlap@10.
// Every engine builds and answers in its own process. docs/decisions/peers-bench.md.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageRoot } from '#service/paths';
import { median } from '../bench-index.js';
import { currentBenchIndex } from './bench-file.js';
import { corpusFile } from './corpus.js';
import { ENGINES, type EngineName } from './engine.js';
import { CASES, OVERLAP_AT } from './requests.js';
import type { BuildReport, ColdReport, FloorReport, InMemoryReport, QueryReport } from './reports.js';
import { failed, runChild } from './run-child.js';
import { floorLines, measured, resultTable, type ColdFigures, type EngineResult, type FloorFigures } from './table.js';
import { targetLines } from './targets.js';
import { RowChecker } from './verify.js';

const sizes = (process.env.BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const engines = (process.env.BENCH_ENGINES ?? ENGINES.join(',')).split(',') as EngineName[];
for (const e of engines)
  if (!ENGINES.includes(e)) throw new Error(`BENCH_ENGINES: unknown engine "${e}" (one of ${ENGINES.join(', ')})`);
for (const n of sizes) if (!Number.isInteger(n) || n <= 0) throw new Error(`BENCH_SIZES: not a job count: "${n}"`);
function positive(name: string, fallback: number): number {
  const v = Number(process.env[name] ?? fallback);
  if (!(v > 0)) throw new Error(`${name}: not a positive number: "${process.env[name]}"`);
  return v;
}
// Defaults: 13 GiB of heap keeps one child's RSS under ~14 GiB of the machine's 24; 30 minutes
// lets Orama's 1M build (~10 min at load 2–6, then its save) finish when it can.
const limits = {
  heapMiB: positive('BENCH_HEAP_MIB', 13312),
  timeoutMs: positive('BENCH_TIMEOUT_MIN', 30) * 60_000,
};
/** Fresh processes timed for our cold start and for Node's floor (medians). */
const coldRuns = positive('BENCH_COLD_RUNS', 7);
const FLOOR = fileURLToPath(new URL('./floor.js', import.meta.url));
/** The 1-minute load average every 30 s of the run: other sessions share the machine. */
const loads: number[] = [];
const sampleLoad = () => loads.push(loadavg()[0]!);
const loadSampler = setInterval(sampleLoad, 30_000);

/**
 * Our cold start and Node's floor, in alternating fresh processes so both see the same load:
 * an empty `node -e 0` (wall time, spawn included), floor.js's marks, then our first answer.
 * Medians; for ours, the median run's marks and the spread.
 */
async function coldStarts(jobs: number, file: string): Promise<{ cold: ColdFigures; floor: FloorFigures } | undefined> {
  const empty: number[] = [];
  const floors: FloorReport[] = [];
  const runs: ColdReport[] = [];
  for (let i = 0; i < coldRuns; i++) {
    const t = performance.now();
    spawnSync(process.execPath, ['-e', '0']);
    empty.push(performance.now() - t);
    const f = await runChild<FloorReport>([], limits, FLOOR);
    if (failed(f)) throw new Error(`floor.js: ${f.error}`);
    floors.push(f);
    const r = await runChild<ColdReport>(['cold', 'sqlite', String(jobs), file], limits);
    if (failed(r)) return undefined;
    runs.push(r);
  }
  runs.sort((a, b) => a.coldStartMs - b.coldStartMs);
  const m = (k: keyof FloorReport) => median(floors.map((r) => r[k]));
  return {
    cold: {
      ...runs[Math.floor((runs.length - 1) / 2)]!,
      runs: runs.length,
      minMs: runs[0]!.coldStartMs,
      maxMs: runs.at(-1)!.coldStartMs,
    },
    floor: {
      emptyNodeMs: median(empty),
      bootMs: m('bootMs'),
      sqliteMs: m('sqliteMs'),
      connectMs: m('connectMs'),
      headersMs: m('headersMs'),
      runs: coldRuns,
    },
  };
}

function overlap(ours: number[][], theirs: number[][]): number {
  let sum = 0;
  ours.forEach((page, i) => {
    const top = new Set(page.slice(0, OVERLAP_AT));
    sum += (theirs[i] ?? []).slice(0, OVERLAP_AT).filter((rid) => top.has(rid)).length / OVERLAP_AT;
  });
  return sum / ours.length;
}

/** Our index: the generator's file (built here when missing), and its size. */
function ourBuild(jobs: number): { file: string; report: BuildReport } {
  const t = performance.now();
  const file = currentBenchIndex(jobs);
  const ms = performance.now() - t;
  // Returns at once when the file exists; generating even 100k jobs takes ~35 s.
  return { file, report: { buildMs: ms > 5000 ? ms : null, saveMs: 0, bytes: statSync(file).size, rssBytes: null } };
}

const results: EngineResult[] = [];
const notes: string[] = [];
sampleLoad();
for (const jobs of sizes) {
  const ourIndex = ourBuild(jobs);
  await corpusFile(jobs);
  const checker = new RowChecker(jobs);
  let ours: QueryReport | undefined;
  for (const engine of engines) {
    const dir = engine === 'sqlite' ? ourIndex.file : join(packageRoot, 'bench', '.data', 'peers', `${engine}-${jobs}`);
    process.stderr.write(`${jobs.toLocaleString('en')} ${engine}: build…\n`);
    const build =
      engine === 'sqlite' ? ourIndex.report : await runChild<BuildReport>(['build', engine, String(jobs), dir], limits);
    const result: EngineResult = { jobs, engine, build, overlap: new Map(), valid: [0, 0] };
    if (!failed(build)) {
      process.stderr.write(`${jobs.toLocaleString('en')} ${engine}: load + query…\n`);
      const query = await runChild<QueryReport>(['query', engine, String(jobs), dir], limits);
      result.query = query;
      // Ours starts in well under a second, so its cold start is the median of several fresh processes.
      if (engine === 'sqlite' && !failed(query)) Object.assign(result, await coldStarts(jobs, dir));
    }
    // Built but not saved, or saved but not loaded (before its first answer): its latencies can
    // still be measured on the index it builds, in the build process.
    const notSaved = failed(build) && build.progress?.startsWith('saving');
    const notLoaded =
      result.query !== undefined && failed(result.query) && !result.query.progress?.startsWith('answered');
    if (engine !== 'sqlite' && (notSaved || notLoaded)) {
      process.stderr.write(`${jobs.toLocaleString('en')} ${engine}: not saved or loaded; build + query in memory…\n`);
      result.memory = await runChild<InMemoryReport>(['memory', engine, String(jobs), '-'], limits);
    }
    const m = measured(result);
    if (m) {
      if (engine === 'sqlite') ours = m as QueryReport;
      if (m.limits) notes.push(`${engine}: ${m.limits}`);
      m.cases.forEach((c, i) => {
        CASES[i]!.requests.forEach((r, j) => {
          result.valid[0] += checker.valid(r, c.tops[j]!);
          result.valid[1] += c.tops[j]!.length;
        });
        const mine = ours?.cases.find((x) => x.name === c.name);
        if (CASES[i]!.compareTop && mine && engine !== 'sqlite') result.overlap.set(c.name, overlap(mine.tops, c.tops));
      });
    }
    results.push(result);
    process.stderr.write(`${resultTable([result]).split('\n')[2]}\n`); // the row, after the two header lines
  }
  checker.close();
}

sampleLoad();
clearInterval(loadSampler);
const cpu = cpus()[0]?.model ?? 'unknown CPU';
const load = `load average (1 min) ${median(loads).toFixed(1)} median, ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} over ${loads.length} samples`;
process.stdout.write(
  `\nMachine: ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.versions.node}; ${load}; ` +
    `heap capped at ${limits.heapMiB} MiB, ${limits.timeoutMs / 60000} min per build or query run; ${coldRuns} cold starts of ours per size.\n\n` +
    `${resultTable(results)}\n\n${floorLines(results).join('\n')}\n\n${targetLines(results).join('\n')}\n\nWhat each peer cannot do:\n` +
    `${[...new Set(notes)].map((n) => `- ${n}`).join('\n')}\n`,
);
