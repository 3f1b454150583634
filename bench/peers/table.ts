import type { EngineName } from './engine.js';
import { OVERLAP_AT } from './requests.js';
import { failed } from './run-child.js';
import type { BuildReport, ColdReport, Failure, FloorReport, InMemoryReport, QueryReport } from './reports.js';

/** Our cold start over several fresh processes: the median run's marks and the spread. */
export interface ColdFigures extends ColdReport {
  runs: number;
  minMs: number;
  maxMs: number;
}

export interface EngineResult {
  jobs: number;
  engine: EngineName;
  build: BuildReport | Failure;
  query?: QueryReport | Failure;
  /** A peer built but not saved or loaded back: measured in its build process instead. */
  memory?: InMemoryReport | Failure;
  /** Mean overlap@10 with our pages, per compared case name. */
  overlap: Map<string, number>;
  /** Rows that satisfy their request / rows returned, over every request. */
  valid: [number, number];
  /** Ours only: cold starts in separate processes (the query run's is one sample). */
  cold?: ColdFigures;
  /** Ours only: Node's floor, timed in processes alternating with those cold starts. */
  floor?: FloorFigures;
}

export type FloorFigures = FloorReport & { emptyNodeMs: number; runs: number };

const mib = (b: number) => `${(b / 2 ** 20).toFixed(0)}`;
const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));

export const CASE_COLUMNS = ['text only', 'text + country + remote', 'text + salary range', 'prefix as typed'];

/** What the latency columns show for a result: its query run, else its in-memory run. */
export function measured(r: EngineResult): QueryReport | InMemoryReport | undefined {
  if (r.query && !failed(r.query)) return r.query;
  if (r.memory && !failed(r.memory)) return r.memory;
  return undefined;
}

export const IN_MEMORY_NOTE =
  '¹ Its index could not be saved or loaded back (the reason is in the row): build time, peak RSS (build + queries), ' +
  'latencies, overlap and matching rows are from a second process that built the index and queried it in memory; it has no cold start.';

/** The one table: build, size, cold start, memory, p50/p99 per request type, overlap, validity. */
export function resultTable(results: EngineResult[]): string {
  const head = [
    'jobs',
    'engine',
    'build s (+ save s)',
    'index MiB',
    'build peak RSS MiB',
    'cold start ms (imported / loaded at)',
    'query peak RSS MiB',
    ...CASE_COLUMNS.map((c) => `${c} p50 / p99 ms`),
    `overlap@${OVERLAP_AT} with ours (text / prefix)`,
    'rows matching the request',
  ];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i < 2 ? '---' : '---:')).join('|')}|`];
  const seconds = (msValue: number) => (msValue / 1000).toFixed(0);
  for (const r of results) {
    const m = measured(r);
    const mem = m && 'inMemory' in m ? m : undefined;
    const cells: string[] = [r.jobs.toLocaleString('en'), `${r.engine}${mem ? ' (in memory¹)' : ''}`];
    if (failed(r.build)) {
      cells.push(
        mem ? seconds(mem.buildMs) : `**${r.build.error}**`,
        mem ? `**not saved: ${r.build.error}**` : '—',
        '—',
        '—',
      );
    } else {
      cells.push(
        r.build.buildMs === null
          ? 'prebuilt'
          : `${seconds(r.build.buildMs)}${r.build.saveMs ? ` (+ ${seconds(r.build.saveMs)})` : ''}`,
        mib(r.build.bytes),
        r.build.rssBytes === null ? '—' : mib(r.build.rssBytes),
      );
      const q = r.query;
      if (!q || failed(q)) {
        cells.push(`**${q ? q.error : 'not run'}**`);
      } else {
        const c = r.cold ?? q;
        const spread = r.cold ? `, median of ${r.cold.runs}: ${ms(r.cold.minMs)}–${ms(r.cold.maxMs)}` : '';
        cells.push(`${ms(c.coldStartMs)} (${ms(c.importedMs)} / ${ms(c.loadMs)}${spread})`);
      }
    }
    if (!m) {
      cells.push(...head.slice(cells.length).map(() => '—'));
    } else {
      cells.push(`${mib(m.rssBytes)}${mem ? ' (build + queries)' : ''}`);
      for (const name of CASE_COLUMNS) {
        const c = m.cases.find((x) => x.name === name);
        cells.push(c ? `${ms(c.p50)} / ${ms(c.p99)}${c.runs < 100 ? ` (${c.runs} runs)` : ''}` : '—');
      }
      const pct = (n: number | undefined) => (n === undefined ? '—' : `${(n * 100).toFixed(0)}%`);
      cells.push(
        r.engine === 'sqlite'
          ? '(ours)'
          : `${pct(r.overlap.get('text only'))} / ${pct(r.overlap.get('prefix as typed'))}`,
      );
      cells.push(`${r.valid[0]}/${r.valid[1]}`);
    }
    lines.push(`| ${cells.join(' | ')} |`);
  }
  if (results.some((r) => r.memory && !failed(r.memory) && !(r.query && !failed(r.query))))
    lines.push('', IN_MEMORY_NOTE);
  return lines.join('\n');
}

/** Node's floor for our path at each size, as sentences under the table. */
export function floorLines(results: EngineResult[]): string[] {
  return results.flatMap(({ jobs, floor: f }) =>
    f
      ? [
          `Node's floor at ${jobs.toLocaleString('en')} (medians of ${f.runs} fresh processes run between our cold starts, ms from process start): ` +
            `\`node -e 0\` ${ms(f.emptyNodeMs)} wall; a script's first line at ${ms(f.bootMs)}; better-sqlite3 imported at ${ms(f.sqliteMs)}; ` +
            `@connectrpc/connect + @bufbuild/protobuf at ${ms(f.connectMs)}; first \`new Headers()\` (undici) at ${ms(f.headersMs)}.`,
        ]
      : [],
  );
}
