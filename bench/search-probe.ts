// A person's search asked every 50 ms while something runs in the background of the app's service
// (bench:crawl-stall, bench:sync-stall): how late each answer came, and the thread's longest
// event-loop delay. Figures only.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Client } from '@connectrpc/connect';
import type { JobsService } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { percentile } from './bench-index.js';

const EVERY_MS = 50;
export const QUERIES = ['engineer', 'sales', 'nurse', 'product manager', 'remote', 'data'];

export type Jobs = Client<typeof JobsService>;

export interface ProbeResult {
  asked: number;
  p50: number;
  p99: number;
  maxAnswer: number;
  over100: number;
  maxLoopDelay: number;
}

/** The first searches load and compile what every later one uses. */
export async function warmSearches(jobs: Jobs): Promise<void> {
  for (const query of QUERIES) await jobs.list({ query: { query, limit: 20, fold: true } });
}

/**
 * Asks a search every EVERY_MS until `until` settles. Each answer is timed from the moment it was
 * due, not from when the thread got round to asking: a thread blocked for a second shows as a
 * search answered a second late, as a person would see it.
 */
export async function probe(jobs: Jobs, until: Promise<unknown>): Promise<ProbeResult> {
  const answers: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  let over = false;
  void until.then(
    () => (over = true),
    () => (over = true),
  );
  loop.enable();
  let due = performance.now();
  for (let i = 0; ; i++) {
    // One search is asked after the run has ended: a block that spans its end (the run's last
    // step, what follows it) is seen too.
    const last = over;
    await jobs.list({ query: { query: QUERIES[i % QUERIES.length]!, limit: 20, fold: true } });
    const answered = performance.now();
    answers.push(answered - due);
    if (process.env.STALL_DEBUG && answered - due > 100)
      console.log(`  slow: ${(answered - due).toFixed(0)} ms at ${i} ${QUERIES[i % QUERIES.length]}`);
    if (last) break;
    due = answered + EVERY_MS;
    await new Promise((r) => setTimeout(r, EVERY_MS));
  }
  loop.disable();
  answers.sort((a, b) => a - b);
  return {
    asked: answers.length,
    p50: percentile(answers, 50),
    p99: percentile(answers, 99),
    maxAnswer: answers.at(-1) ?? 0,
    over100: answers.filter((ms) => ms > 100).length,
    maxLoopDelay: loop.max / 1e6,
  };
}

export const probeLine = (label: string, r: ProbeResult): string =>
  `${label}: ${r.asked} searches · answer p50 ${r.p50.toFixed(1)} ms · p99 ${r.p99.toFixed(1)} ms · longest ${r.maxAnswer.toFixed(0)} ms · over 100 ms: ${r.over100} · longest event-loop delay ${r.maxLoopDelay.toFixed(0)} ms`;
