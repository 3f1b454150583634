import { failed } from './run-child.js';
import type { QueryReport } from './reports.js';
import { CASE_COLUMNS, measured, type EngineResult } from './table.js';

const ok = (met: boolean) => (met ? 'met' : '**missed**');

/**
 * The targets at the largest size run: our p99 at least 5× lower than the best peer's per
 * request type, our peak RSS at most a fifth of the smallest peer's, first answer ≤ 200 ms.
 */
export function targetLines(results: EngineResult[]): string[] {
  const jobs = Math.max(...results.map((r) => r.jobs));
  const at = results.filter((r) => r.jobs === jobs && measured(r));
  const ours = at.find((r) => r.engine === 'sqlite')?.query as QueryReport | undefined;
  const peers = at
    .filter((r) => r.engine !== 'sqlite')
    .map((r) => {
      const q = measured(r)!;
      return { name: 'inMemory' in q ? `${r.engine} (in memory)` : r.engine, q };
    });
  if (!ours) return [`- ${jobs.toLocaleString('en')} jobs: our side did not run.`];
  const lines = [
    `Targets at ${jobs.toLocaleString('en')} jobs (peers that answered: ${peers.map((p) => p.name).join(', ') || 'none'}):`,
  ];
  for (const r of results.filter((x) => x.jobs === jobs && x.engine !== 'sqlite')) {
    const why = failed(r.build) ? r.build.error : r.query && failed(r.query) ? r.query.error : undefined;
    if (!why) continue;
    if (measured(r)) lines.push(`- ${r.engine} was measured in memory, right after building: ${why}`);
    else lines.push(`- ${r.engine} has no figures at this size: ${why}`);
  }
  for (const name of CASE_COLUMNS) {
    const mine = ours.cases.find((c) => c.name === name)!;
    const best = peers
      .map((p) => ({ name: p.name, p99: p.q.cases.find((c) => c.name === name)!.p99 }))
      .sort((a, b) => a.p99 - b.p99)[0];
    if (!best) continue;
    const ratio = best.p99 / mine.p99;
    lines.push(
      `- ${name}: p99 ours ${mine.p99.toFixed(2)} ms, best peer ${best.name} ${best.p99.toFixed(2)} ms → ${ratio.toFixed(1)}× (target ≥ 5×: ${ok(ratio >= 5)})`,
    );
  }
  const leanest = peers.sort((a, b) => a.q.rssBytes - b.q.rssBytes)[0];
  if (leanest) {
    const share = ours.rssBytes / leanest.q.rssBytes;
    lines.push(
      `- peak RSS: ours ${(ours.rssBytes / 2 ** 20).toFixed(0)} MiB, leanest peer ${leanest.name} ${(leanest.q.rssBytes / 2 ** 20).toFixed(0)} MiB → ${(share * 100).toFixed(0)}% (target ≤ 20%: ${ok(share <= 0.2)})`,
    );
  }
  const mine = at.find((r) => r.engine === 'sqlite')!;
  const cold = mine.cold ?? ours;
  const floor = mine.floor
    ? `; Node's floor before any of our code (boot, better-sqlite3, Connect + protobuf, Headers) is ${mine.floor.headersMs.toFixed(0)} ms, ` +
      `so ~${Math.max(0, cold.coldStartMs - mine.floor.headersMs).toFixed(0)} ms is our modules, opening the index and the first List`
    : '';
  lines.push(
    `- first answer after cold start: ${cold.coldStartMs.toFixed(0)} ms (target ≤ 200 ms: ${ok(cold.coldStartMs <= 200)})${floor}`,
  );
  return lines;
}
