import type { EngineName } from './engine.js';
import { OVERLAP_AT } from './requests.js';
import { failed } from './run-child.js';
import type { BuildReport, Failure, QueryReport } from './reports.js';

export interface EngineResult {
  jobs: number;
  engine: EngineName;
  build: BuildReport | Failure;
  query?: QueryReport | Failure;
  /** Mean overlap@10 with our pages, per compared case name. */
  overlap: Map<string, number>;
  /** Rows that satisfy their request / rows returned, over every request. */
  valid: [number, number];
}

const mib = (b: number) => `${(b / 2 ** 20).toFixed(0)}`;
const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));

export const CASE_COLUMNS = ['text only', 'text + country + remote', 'text + salary range', 'prefix as typed'];

/** The one table: build, size, cold start, memory, p50/p99 per request type, overlap, validity. */
export function resultTable(results: EngineResult[]): string {
  const head = [
    'jobs', 'engine', 'build s', 'index MiB', 'build peak RSS MiB', 'cold start ms (imported / loaded at)', 'query peak RSS MiB',
    ...CASE_COLUMNS.map((c) => `${c} p50 / p99 ms`),
    `overlap@${OVERLAP_AT} with ours (text / prefix)`, 'rows matching the request',
  ];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i < 2 ? '---' : '---:')).join('|')}|`];
  for (const r of results) {
    const cells: string[] = [r.jobs.toLocaleString('en'), r.engine];
    if (failed(r.build)) {
      cells.push(`**${r.build.error}**`, ...head.slice(3).map(() => '—'));
    } else {
      cells.push(
        r.build.buildMs === null ? 'prebuilt' : (r.build.buildMs / 1000).toFixed(0),
        mib(r.build.bytes),
        r.build.rssBytes === null ? '—' : mib(r.build.rssBytes),
      );
      const q = r.query;
      if (!q || failed(q)) {
        cells.push(`**${q ? q.error : 'not run'}**`, ...head.slice(6).map(() => '—'));
      } else {
        cells.push(`${ms(q.coldStartMs)} (${ms(q.importedMs)} / ${ms(q.loadMs)})`, mib(q.rssBytes));
        for (const name of CASE_COLUMNS) {
          const c = q.cases.find((x) => x.name === name);
          cells.push(c ? `${ms(c.p50)} / ${ms(c.p99)}${c.runs < 100 ? ` (${c.runs} runs)` : ''}` : '—');
        }
        const pct = (n: number | undefined) => (n === undefined ? '—' : `${(n * 100).toFixed(0)}%`);
        cells.push(r.engine === 'sqlite' ? '(ours)' : `${pct(r.overlap.get('text only'))} / ${pct(r.overlap.get('prefix as typed'))}`);
        cells.push(`${r.valid[0]}/${r.valid[1]}`);
      }
    }
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}
