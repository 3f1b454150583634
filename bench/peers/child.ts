// One engine in its own process. `build <engine> <jobs> <dir>`: index the corpus, save under dir.
// `query <engine> <jobs> <path>`: load (a saved dir, or our SQLite file), answer the first request
// (cold start), then time the request set. Prints one JSON report on stdout. Only the engine's
// own module is imported before the first answer.
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ENGINES, type EngineName, type PeerEngine } from './engine.js';
import { loadEngine } from './engines.js';
import { CASES } from './requests.js';
import type { BuildReport, CaseFigures, QueryReport } from './reports.js';

async function dirBytes(dir: string): Promise<number> {
  let total = 0;
  for (const e of await readdir(dir, { withFileTypes: true })) {
    total += e.isDirectory() ? await dirBytes(join(dir, e.name)) : (await stat(join(dir, e.name))).size;
  }
  return total;
}

const maxRssBytes = () => process.resourceUsage().maxRSS * 1024;

/** Passes the documents through, saying on stderr how far indexing got (shown if it fails). */
async function* counted<T>(docs: AsyncIterable<T>): AsyncGenerator<T> {
  let n = 0;
  for await (const d of docs) {
    yield d;
    if (++n % 100_000 === 0) {
      const rss = (process.memoryUsage.rss() / 2 ** 30).toFixed(1);
      process.stderr.write(`indexed ${n.toLocaleString('en')} at ${(performance.now() / 1000).toFixed(0)} s, RSS ${rss} GiB\n`);
    }
  }
}

async function build(name: EngineName, jobs: number, dir: string): Promise<BuildReport> {
  const engine = (await loadEngine(name)) as PeerEngine;
  if (!('build' in engine)) throw new Error(`${name} is built by the generator, not here`);
  const { corpusFile, readCorpus } = await import('./corpus.js');
  const docs = counted(readCorpus(await corpusFile(jobs)));
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  let t = performance.now();
  await engine.build(docs);
  const buildMs = performance.now() - t;
  t = performance.now();
  await engine.save(dir);
  const saveMs = performance.now() - t;
  return { buildMs, saveMs, bytes: await dirBytes(dir), rssBytes: maxRssBytes() };
}

async function query(name: EngineName, path: string, runs: number, capMs: number): Promise<QueryReport> {
  const engine = await loadEngine(name);
  const importedMs = performance.now();
  const searcher = await engine.load(path);
  const loadMs = performance.now();
  await searcher.search(CASES[0]!.requests[0]!);
  // performance.now() counts from process start: Node's boot, imports, load and the first answer.
  const coldStartMs = performance.now();
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
  return { importedMs, loadMs, coldStartMs, cases, rssBytes: maxRssBytes(), limits: engine.limits };
}

const [mode, name, jobs, path] = process.argv.slice(2);
if (!ENGINES.includes(name as EngineName) || !path || !['build', 'query'].includes(mode ?? '')) {
  throw new Error(`usage: child.js build|query ${ENGINES.join('|')} <jobs> <path>`);
}
const report =
  mode === 'build'
    ? await build(name as EngineName, Number(jobs), path)
    : await query(name as EngineName, path, Number(process.env.BENCH_RUNS ?? 200), Number(process.env.BENCH_CASE_MS ?? 20000));
process.stdout.write(`${JSON.stringify(report)}\n`);
