// npm run bench:peers — our SQLite index against MiniSearch, FlexSearch and Orama on the same
// generated corpus: build, size, cold start, p50/p99 per request type, peak RSS, overlap@10.
// Every engine builds and answers in its own process. docs/decisions/peers-bench.md.
import { statSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../../electron/paths.js';
import { currentBenchIndex } from './bench-file.js';
import { corpusFile } from './corpus.js';
import { ENGINES, type EngineName } from './engine.js';
import { CASES, OVERLAP_AT } from './requests.js';
import type { BuildReport, QueryReport } from './reports.js';
import { failed, runChild } from './run-child.js';
import { resultTable, type EngineResult } from './table.js';
import { targetLines } from './targets.js';
import { RowChecker } from './verify.js';

const sizes = (process.env.BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const engines = (process.env.BENCH_ENGINES ?? ENGINES.join(',')).split(',') as EngineName[];
for (const e of engines) if (!ENGINES.includes(e)) throw new Error(`BENCH_ENGINES: unknown engine "${e}" (one of ${ENGINES.join(', ')})`);
for (const n of sizes) if (!Number.isInteger(n) || n <= 0) throw new Error(`BENCH_SIZES: not a job count: "${n}"`);
const limits = {
  heapMiB: Number(process.env.BENCH_HEAP_MIB ?? 12288),
  timeoutMs: Number(process.env.BENCH_TIMEOUT_MIN ?? 10) * 60_000,
};

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
for (const jobs of sizes) {
  const ourIndex = ourBuild(jobs);
  await corpusFile(jobs);
  const checker = new RowChecker(jobs);
  let ours: QueryReport | undefined;
  for (const engine of engines) {
    const dir = engine === 'sqlite' ? ourIndex.file : join(packageRoot, 'bench', '.data', 'peers', `${engine}-${jobs}`);
    process.stderr.write(`${jobs.toLocaleString('en')} ${engine}: build…\n`);
    const build = engine === 'sqlite' ? ourIndex.report : await runChild<BuildReport>(['build', engine, String(jobs), dir], limits);
    const result: EngineResult = { jobs, engine, build, overlap: new Map(), valid: [0, 0] };
    if (!failed(build)) {
      process.stderr.write(`${jobs.toLocaleString('en')} ${engine}: load + query…\n`);
      const query = await runChild<QueryReport>(['query', engine, String(jobs), dir], limits);
      result.query = query;
      if (!failed(query)) {
        if (engine === 'sqlite') ours = query;
        if (query.limits) notes.push(`${engine}: ${query.limits}`);
        query.cases.forEach((c, i) => {
          CASES[i]!.requests.forEach((r, j) => {
            result.valid[0] += checker.valid(r, c.tops[j]!);
            result.valid[1] += c.tops[j]!.length;
          });
          const mine = ours?.cases.find((x) => x.name === c.name);
          if (CASES[i]!.compareTop && mine && engine !== 'sqlite') result.overlap.set(c.name, overlap(mine.tops, c.tops));
        });
      }
    }
    results.push(result);
    process.stderr.write(`${resultTable([result]).split('\n').at(-1)}\n`);
  }
  checker.close();
}

const cpu = cpus()[0]?.model ?? 'unknown CPU';
process.stdout.write(
  `\nMachine: ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.versions.node}; ` +
    `peers' heap capped at ${limits.heapMiB} MiB, ${limits.timeoutMs / 60000} min per build or query run.\n\n` +
    `${resultTable(results)}\n\n${targetLines(results).join('\n')}\n\nWhat each peer cannot do:\n` +
    `${[...new Set(notes)].map((n) => `- ${n}`).join('\n')}\n`,
);
