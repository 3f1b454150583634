// npm run bench:ui — keystroke → results painted in Chromium, over the 100k-job index served by
// `jobindex serve --ui`: typing real queries one key at a time at a person's pace, the time from
// each key's input event to the frame after the list showing that text's results was committed.
import type { ChildProcess } from 'node:child_process';
import { startListening } from '../test/helpers/listening-process.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { openIndex } from '#service/index-db/open-index';
import { packageRoot } from '#service/paths';
import { benchIndex, percentile } from './bench-index.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);
/** Pause between keys: a quick typist (~80 words a minute). */
const KEY_GAP_MS = Number(process.env.BENCH_KEY_GAP_MS ?? 150);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const QUERIES = [
  'software engineer',
  'registered nurse',
  'data analyst',
  'product manager',
  'accountant',
  'marketing manager',
  'backend developer',
  'customer support',
  'sales',
  'electrician',
  'pharmacist',
  'teacher',
  'mechanical engineer',
  'designer',
  'warehouse',
];
const UI = join(packageRoot, 'dist', 'renderer');
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // No host name resolves but the local server's. Not `page.route()`: Playwright's routing pauses
  // every request of the page, our own List calls included, until its Node side lets it go, which
  // added 15–30 ms to each keystroke's round trip here, a cost no user's browser has.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

function serve(db: string): Promise<{ url: string; child: ChildProcess }> {
  // No answer cache: every keystroke is a real search, as on a first visit.
  return startListening(
    ['bin/jobindex.js', 'serve', '--db', db, '--ui', UI, '--port', '0', '--no-cache', '--log-level', 'warn'],
    { stderr: 'inherit' },
  );
}

interface Mark {
  name: string;
  query: string;
  t: number;
}

/** A JobsService.List request as the page's Resource Timing saw it: fetch() called → last byte in. */
interface Trip {
  start: number;
  end: number;
}

/** Where one keystroke's time went: key → request started → answer in → results painted. */
interface Split {
  toRequest: number;
  trip: number;
  toPaint: number;
}

/**
 * Pairs each keystroke with the paint of its own results; a key overtaken by the next is
 * "superseded". The key's request is the first List call started after it.
 */
function latencies(marks: Mark[], trips: Trip[]): { ms: number[]; splits: Split[]; superseded: number } {
  const ms: number[] = [];
  const splits: Split[] = [];
  let superseded = 0;
  marks.forEach((m, i) => {
    if (m.name !== 'jobindex:input') return;
    for (const later of marks.slice(i + 1)) {
      if (later.name === 'jobindex:input') {
        superseded++;
        return;
      }
      if (later.query === m.query) {
        ms.push(later.t - m.t);
        const trip = trips.find((r) => r.start >= m.t && r.end <= later.t);
        if (trip)
          splits.push({ toRequest: trip.start - m.t, trip: trip.end - trip.start, toPaint: later.t - trip.end });
        return;
      }
    }
  });
  return { ms, splits, superseded };
}

async function main() {
  if (!existsSync(join(UI, 'index.html')))
    throw new Error('no built UI in dist/renderer; run `npm run build:renderer`');
  const db = benchIndex(JOBS);
  // An index built by an older version is brought to the current schema once (serve opens read-only).
  openIndex(db).close();
  const server = await serve(db);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${server.url}/#/jobs`);
    await page.getByRole('listbox', { name: 'Jobs', exact: true }).getByRole('option').first().waitFor();
    const box = page.getByRole('searchbox', { name: 'Search jobs' });
    const all: number[] = [];
    const trips: number[] = [];
    const splits: Split[] = [];
    let superseded = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const q of QUERIES) {
        await box.fill('');
        await page.waitForTimeout(300);
        await page.evaluate(() => performance.clearMarks());
        await box.focus();
        for (const ch of q) {
          await page.keyboard.type(ch);
          await page.waitForTimeout(KEY_GAP_MS);
        }
        await page.waitForTimeout(300);
        const marks = await page.evaluate(() =>
          performance
            .getEntriesByType('mark')
            .filter((m) => m.name.startsWith('jobindex:'))
            .map((m) => ({ name: m.name, query: String((m as PerformanceMark).detail), t: m.startTime })),
        );
        // The service's share: each List round trip as the browser timed it.
        const lists = await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .filter((e) => e.name.endsWith('.JobsService/List'))
            .map((e) => ({ start: e.startTime, end: (e as PerformanceResourceTiming).responseEnd })),
        );
        await page.evaluate(() => performance.clearResourceTimings());
        const r = latencies(marks, lists);
        all.push(...r.ms);
        splits.push(...r.splits);
        superseded += r.superseded;
        trips.push(...lists.map((t) => t.end - t.start));
      }
    }
    const sorted = [...all].sort((a, b) => a - b);
    const fmt = (n: number) => n.toFixed(1);
    const median = (xs: number[]) =>
      fmt(
        percentile(
          [...xs].sort((a, b) => a - b),
          50,
        ),
      );
    process.stdout.write(
      `keystroke → results painted, ${JOBS.toLocaleString('en')} jobs, ${all.length} keystrokes (${superseded} superseded by the next key), key gap ${KEY_GAP_MS} ms\n` +
        `  median ${fmt(percentile(sorted, 50))} ms   p90 ${fmt(percentile(sorted, 90))} ms   p99 ${fmt(percentile(sorted, 99))} ms   max ${fmt(sorted[sorted.length - 1] ?? NaN)} ms\n` +
        `  of which the List round trip (browser → jobindex serve → browser): median ${median(trips)} ms\n` +
        `  per key, medians (${splits.length} keys paired with their request): key → request started ${median(splits.map((x) => x.toRequest))} ms, ` +
        `round trip ${median(splits.map((x) => x.trip))} ms, answer → results painted ${median(splits.map((x) => x.toPaint))} ms\n` +
        `  target: median ≤ 50 ms — ${percentile(sorted, 50) <= 50 ? 'met' : 'NOT met'}\n`,
    );
  } finally {
    await browser.close();
    server.child.removeAllListeners('exit');
    server.child.kill('SIGTERM');
  }
}

await main();
