// npm run bench:crawl — 500 boards (the real payloads, else our fixtures, served under many tokens)
// on loopback (SmartRecruiters' real page is left out: its details are not in the payloads): boards/s, postings/s, peak RSS, and a re-crawl where nothing changed. Figures only.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import Database from 'better-sqlite3';
import { join, resolve } from 'node:path';
import type { BoardRef } from '#shared/rules/board-ref';
import { crawlBoards } from '#service/crawl/crawl-boards';
import { defaultMapThreads } from '../electron/service/crawl/map-pool.js';
import { ADAPTERS } from '../electron/service/crawl/platforms/index.js';
import { realBoards } from '../test/service/crawl/realjobs.js';
import { ReplayServer } from '../test/service/crawl/replay-server.js';

const BOARDS = Number(process.env.CRAWL_BENCH_BOARDS ?? 500);
// Worker threads mapping postings (unset: the app's default, cores − 1; 0: on the crawling thread).
const MAP_THREADS = process.env.CRAWL_MAP_THREADS === undefined ? undefined : Number(process.env.CRAWL_MAP_THREADS);
const mapping = MAP_THREADS === undefined ? {} : { mapThreads: MAP_THREADS };
const realDir = resolve(process.cwd(), '../shared/data/realjobs');
const ownDir = resolve(process.cwd(), 'test/service/crawl/fixtures');

// CRAWL_BENCH_OWN=1: our own fixtures even where the real payloads are (a 5,000-board run that fits a loaded machine).
const useReal = existsSync(realDir) && !process.env.CRAWL_BENCH_OWN;
const sources: Array<{ platform: BoardRef['platform']; token: string; body: string }> = useReal
  ? realBoards(realDir).filter(
      (b) => ADAPTERS[b.platform] && b.platform !== 'smartrecruiters' && !b.file.includes('nocontent'),
    )
  : (['greenhouse', 'lever', 'ashby'] as const).map((p) => ({
      platform: p,
      token: 'acme',
      body: readFileSync(join(ownDir, `${p}-acme.json`), 'utf8'),
    }));

// Workday (issue 29): our fixture's list and details, a list page plus one detail per posting.
const workday = JSON.parse(readFileSync(join(ownDir, 'workday-acme.json'), 'utf8')) as {
  list: unknown;
  details: Record<string, unknown>;
};
sources.push({ platform: 'workday', token: 'acme', body: JSON.stringify(workday.list) });

// Breezy HR and JazzHR (issue 29): our own fixtures, one read each (no detail step).
sources.push({ platform: 'breezy', token: 'acme', body: readFileSync(join(ownDir, 'breezy-acme.json'), 'utf8') });
sources.push({ platform: 'jazzhr', token: 'acme', body: readFileSync(join(ownDir, 'jazzhr-acme.xml'), 'utf8') });

const server = await ReplayServer.start();
const boards: BoardRef[] = [];
for (let i = 0; i < BOARDS; i++) {
  const s = sources[i % sources.length]!;
  const token = s.platform === 'workday' ? `acme-${i}.wd5/AcmeCareers` : `${s.token}-${i}`;
  server.setBoard(s.platform, token, s.body);
  if (s.platform === 'workday')
    for (const [path, d] of Object.entries(workday.details)) server.setWorkdayDetail(token, path, d);
  boards.push({ platform: s.platform, token });
}
const dir = mkdtempSync(join(tmpdir(), 'crawl-bench-'));
const file = join(dir, 'index.sqlite');
const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;
try {
  const threads = MAP_THREADS ?? defaultMapThreads();
  console.log(
    `crawl bench: ${BOARDS} boards from ${sources.length} ${useReal ? 'real payloads' : 'own fixtures'} on ${server.url}; mapping on ${threads > 0 ? `${threads} worker thread(s)` : 'the crawling thread'}`,
  );
  let t = performance.now();
  const first = await crawlBoards({ indexFile: file, boards, apiBase: server.apiBase(), ...mapping });
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
  console.log(`peak RSS after the first crawl: ${mb(process.resourceUsage().maxRSS)}`);
  t = performance.now();
  const again = await crawlBoards({ indexFile: file, boards, apiBase: server.apiBase(), ...mapping });
  const s2 = (performance.now() - t) / 1000;
  const written = again.boards.reduce((a, b) => a + b.added + b.updated + b.expired, 0);
  console.log(`no-change re-crawl: ${s2.toFixed(1)} s · jobs written ${written}`);
  console.log(`peak RSS: ${mb(process.resourceUsage().maxRSS)}`);
  console.log('goals (not asserted): first crawl < 60 s for 500 boards / 20,000 postings; re-crawl < 10 s');
} finally {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
