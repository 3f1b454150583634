// The crawl bench's boards, served on loopback by a process of its own (forked by crawl-bench.ts):
// the crawler's peak RSS and CPU are then its own, without the server's copies of every answer
// (issue 28: "measure the crawling side's RSS"). Sends `{ url, boards, sources, real }` once
// listening, answers `rss` with its own peak, and exits when the IPC channel closes.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BoardRef } from '#shared/rules/board-ref';
import { ADAPTERS } from '../electron/service/crawl/platforms/index.js';
import { realBoards } from '../test/service/crawl/realjobs.js';
import { ReplayServer } from '../test/service/crawl/replay-server.js';

/** What the bench learns from its replay process. */
export interface ReplayReady {
  url: string;
  boards: BoardRef[];
  sources: number;
  real: boolean;
}

const BOARDS = Number(process.env.CRAWL_BENCH_BOARDS ?? 500);
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
process.on('message', (m) => {
  if (m === 'rss') process.send!({ rss: process.resourceUsage().maxRSS });
});
process.on('disconnect', () => void server.close().then(() => process.exit(0)));
process.send!({ url: server.url, boards, sources: sources.length, real: useReal } satisfies ReplayReady);
