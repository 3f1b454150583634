// One engine in its own process. `build <engine> <jobs> <dir>`: index the corpus, save under dir.
// `query <engine> <jobs> <path>`: load (a saved dir, or our SQLite file), answer the first request
// (cold start), then time the request set. `cold <engine> <jobs> <path>`: only the cold start
// (repeated for ours, whose cold start is short enough to take a median). `memory <engine> <jobs>
// -`: index the corpus, then time the request set on that in-memory index (for a peer whose index
// could be built but not saved or loaded back). Prints one JSON report on stdout. Only the
// engine's own module is imported before the first answer.
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ENGINES, type EngineName, type PeerEngine, type Searcher } from './engine.js';
import { loadEngine } from './engines.js';
import { CASES } from './requests.js';
import type { BuildReport, CaseFigures, ColdReport, InMemoryReport, Measured, QueryReport } from './reports.js';

async function dirBytes(dir: string): Promise<number> {
  let total = 0;
  for (const e of await readdir(dir, { withFileTypes: true })) {
    total += e.isDirectory() ? await dirBytes(join(dir, e.name)) : (await stat(join(dir, e.name))).size;
  }
  return total;
}

const maxRssBytes = () => process.resourceUsage().maxRSS * 1024;

/** Says on stderr how far a child got (run-child.ts quotes the last such line if it fails). */
function progress(what: string): void {
  const rss = (process.memoryUsage.rss() / 2 ** 30).toFixed(1);
  process.stderr.write(`${what} at ${(performance.now() / 1000).toFixed(0)} s, RSS ${rss} GiB\n`);
}

/** Passes the documents through, saying how far indexing got. */
async function* counted<T>(docs: AsyncIterable<T>): AsyncGenerator<T> {
  let n = 0;
  for await (const d of docs) {
    yield d;
    if (++n % 100_000 === 0) progress(`indexed ${n.toLocaleString('en')}`);
  }
  progress(`indexed all ${n.toLocaleString('en')}`);
}

/** A peer with the whole corpus indexed in memory, and how long that took. */
async function built(name: EngineName, jobs: number): Promise<{ engine: PeerEngine; buildMs: number }> {
  const engine = (await loadEngine(name)) as PeerEngine;
  if (!('build' in engine)) throw new Error(`${name} is built by the generator, not here`);
  const { corpusFile, readCorpus } = await import('./corpus.js');
  const docs = counted(readCorpus(await corpusFile(jobs)));
  const t = performance.now();
  await engine.build(docs);
  return { engine, buildMs: performance.now() - t };
}

async function build(name: EngineName, jobs: number, dir: string): Promise<BuildReport> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const { engine, buildMs } = await built(name, jobs);
  progress('saving');
  const t = performance.now();
  await engine.save(dir);
  const saveMs = performance.now() - t;
  return { buildMs, saveMs, bytes: await dirBytes(dir), rssBytes: maxRssBytes() };
}

/** Process start → the engine's modules imported → its index loaded → the first answer. */
async function coldStart(name: EngineName, path: string): Promise<{ searcher: Searcher; cold: ColdReport }> {
  const engine = await loadEngine(name);
  const importedMs = performance.now();
  const searcher = await engine.load(path);
  const loadMs = performance.now();
  await searcher.search(CASES[0]!.requests[0]!);
  // performance.now() counts from process start: Node's boot, imports, load and the first answer.
  const coldStartMs = performance.now();
  return { searcher, cold: { importedMs, loadMs, coldStartMs, limits: engine.limits } };
}

/** Each request type's pages (for overlap), then its timed runs: p50/p99 and the process's peak RSS. */
async function measure(searcher: Searcher, runs: number, capMs: number): Promise<Measured> {
  const { percentile } = await import('../bench-index.js');
  const cases: CaseFigures[] = [];
  for (const c of CASES) {
    const tops: number[][] = [];
    for (const r of c.requests) tops.push(await searcher.pageRids(r));
    for (let i = 0; i < Math.min(5, runs); i++) await searcher.search(c.requests[i % c.requests.length]!);
    const times: number[] = [];
    const started = performance.now();
    // At least 20 runs; beyond that, stop when the case has had capMs (slow peers at 1M).
    for (let i = 0; i < runs && (i < 20 || performance.now() - started < capMs); i++) {
      const t = performance.now();
      await searcher.search(c.requests[i % c.requests.length]!);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    cases.push({ name: c.name, runs: times.length, p50: percentile(times, 50), p99: percentile(times, 99), tops });
  }
  return { cases, rssBytes: maxRssBytes() };
}

async function query(name: EngineName, path: string, runs: number, capMs: number): Promise<QueryReport> {
  const { searcher, cold } = await coldStart(name, path);
  progress('answered the first request');
  return { ...cold, ...(await measure(searcher, runs, capMs)) };
}

async function inMemory(name: EngineName, jobs: number, runs: number, capMs: number): Promise<InMemoryReport> {
  const { engine, buildMs } = await built(name, jobs);
  return { inMemory: true, buildMs, limits: engine.limits, ...(await measure(engine.searcher(), runs, capMs)) };
}

const MODES = ['build', 'query', 'cold', 'memory'];
const [mode, name, jobs, path] = process.argv.slice(2);
if (!ENGINES.includes(name as EngineName) || !path || !MODES.includes(mode ?? '')) {
  throw new Error(`usage: child.js ${MODES.join('|')} ${ENGINES.join('|')} <jobs> <path>`);
}
const engine = name as EngineName;
const runs = Number(process.env.BENCH_RUNS ?? 200);
const capMs = Number(process.env.BENCH_CASE_MS ?? 20000);
const report =
  mode === 'build'
    ? await build(engine, Number(jobs), path)
    : mode === 'cold'
      ? (await coldStart(engine, path)).cold
      : mode === 'memory'
        ? await inMemory(engine, Number(jobs), runs, capMs)
        : await query(engine, path, runs, capMs);
process.stdout.write(`${JSON.stringify(report)}\n`);
