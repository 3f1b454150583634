// npm run bench:crawl — 500 boards (the real payloads, else our fixtures, served under many tokens)
// on loopback (SmartRecruiters' real page is left out: its details are not in the payloads): boards/s, postings/s, peak RSS, and a re-crawl where nothing changed. Figures only.
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { crawlBoards } from '#service/crawl/crawl-boards';
import { defaultMapThreads } from '../electron/service/crawl/map-pool.js';
import { forkReplay } from './replay-process.js';

const BOARDS = Number(process.env.CRAWL_BENCH_BOARDS ?? 500);
const KEEP = process.env.CRAWL_BENCH_KEEP;
// Worker threads mapping postings (unset: the app's default, cores − 1; 0: on the crawling thread).
const MAP_THREADS = process.env.CRAWL_MAP_THREADS === undefined ? undefined : Number(process.env.CRAWL_MAP_THREADS);
const mapping = MAP_THREADS === undefined ? {} : { mapThreads: MAP_THREADS };

// The boards are served by a process of their own: this process is the crawler alone.
const ready = await forkReplay(BOARDS);
const replayRss = ready.rss;
const boards = ready.boards;
const apiBase = ready.apiBase;
const dir = mkdtempSync(join(tmpdir(), 'crawl-bench-'));
const file = join(dir, 'index.sqlite');
const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;
try {
  const threads = MAP_THREADS ?? defaultMapThreads();
  console.log(
    `crawl bench: ${BOARDS} boards from ${ready.sources} ${ready.real ? 'real payloads' : 'own fixtures'} on ${ready.url} (a process of its own); mapping on ${threads > 0 ? `${threads} worker thread(s)` : 'the crawling thread'}`,
  );
  let t = performance.now();
  const first = await crawlBoards({ indexFile: file, boards, apiBase, ...mapping });
  const s1 = (performance.now() - t) / 1000;
  const postings = first.boards.reduce((a, b) => a + b.postings, 0);
  const added = first.boards.reduce((a, b) => a + b.added, 0);
  const notOk = first.boards.filter((b) => b.state !== 'ok').length;
  // The index as it lies on disk after the run: the file and what its WAL still holds.
  const bytes = [file, `${file}-wal`].reduce((a, f) => a + (existsSync(f) ? statSync(f).size : 0), 0);
  const indexed = added;
  console.log(
    `first crawl: ${s1.toFixed(1)} s · ${(BOARDS / s1).toFixed(1)} boards/s · ${postings} postings (${added} imported) · ${Math.round(postings / s1)} postings/s · boards not ok: ${notOk}`,
  );
  console.log(
    `disk: ${(bytes / 1e6).toFixed(1)} MB · ${(bytes / Math.max(1, indexed) / 1000).toFixed(1)} KB per posting imported`,
  );
  // Where the bytes are (issue 28: ≤ 5 KB per posting): the largest tables and indexes, FTS shadows included.
  const stat = new Database(file, { readonly: true });
  const tables = stat
    .prepare<[], { name: string; bytes: number }>(
      'SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC LIMIT 8',
    )
    .all();
  stat.close();
  console.log(
    `largest: ${tables.map((t) => `${t.name} ${(t.bytes / Math.max(1, indexed) / 1000).toFixed(2)} KB`).join(' · ')} (per posting)`,
  );
  // Printed now too: a run cut off during the re-crawl still reports the first run's peak.
  const cpu = process.cpuUsage();
  console.log(
    `peak RSS after the first crawl: ${mb(process.resourceUsage().maxRSS)} (the crawling process; the replay server apart) · crawler CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s`,
  );
  t = performance.now();
  const again = await crawlBoards({ indexFile: file, boards, apiBase, ...mapping });
  const s2 = (performance.now() - t) / 1000;
  const written = again.boards.reduce((a, b) => a + b.added + b.updated + b.expired, 0);
  console.log(`no-change re-crawl: ${s2.toFixed(1)} s · jobs written ${written}`);
  console.log(
    `peak RSS: ${mb(process.resourceUsage().maxRSS)} crawling process · ${mb(await replayRss())} replay server (its own process)`,
  );
  console.log('goals (not asserted): first crawl < 60 s for 500 boards / 20,000 postings; re-crawl < 10 s');
} finally {
  ready.close();
  // CRAWL_BENCH_KEEP=<path>: keep the crawled index there, to measure it further (issue 28).
  if (KEEP) for (const x of ['', '-wal']) if (existsSync(file + x)) copyFileSync(file + x, KEEP + x);
  rmSync(dir, { recursive: true, force: true });
}
