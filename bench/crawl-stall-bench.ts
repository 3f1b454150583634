// npm run bench:crawl-stall — issue 28: "no stall over 100 ms on the thread that answers searches
// while a crawl runs, in the app". The service is composed as the app's worker composes it
// (openService with the user file, followed boards crawled into the index through Sources, one
// queue of index writers), on this thread; the bench's boards are served by crawl-replay.ts, a
// process of its own. While Sources crawls them, a person's search (List) is asked every 50 ms
// through the in-memory Connect transport, and the thread's event-loop delay is sampled. Prints
// the longest answer and the longest time the thread could answer nothing, idle and crawling.
// CRAWL_BENCH_BOARDS (default 200) boards; STALL_DEBUG=1 prints each answer over 100 ms. Figures only.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@connectrpc/connect';
import { JobsService } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { openService } from '#service/open-service';
import { packageRoot } from '#service/paths';
import { createInMemoryTransport } from '#service/rpc/in-memory-transport';
import { IndexTurns } from '#service/sync/index-turns';
import { forkReplay } from './replay-process.js';
import { probe as probeUntil, probeLine, warmSearches, type ProbeResult } from './search-probe.js';

const BOARDS = Number(process.env.CRAWL_BENCH_BOARDS ?? 200);

const ready = await forkReplay(BOARDS);
const dir = mkdtempSync(join(tmpdir(), 'crawl-stall-'));
const indexFile = join(dir, 'index.sqlite');
// The app starts from its bundled index and crawls followed boards into it.
copyFileSync(join(packageRoot, 'resources', 'index.sqlite'), indexFile);
const { apiBase } = ready;
const service = openService({
  indexFile,
  user: {
    file: join(dir, 'user.sqlite'),
    deliver: false,
    sources: { indexFile, apiBase, background: false, turns: new IndexTurns() },
  },
});
const jobs = createClient(JobsService, createInMemoryTransport(service.handlers()));
const probe = (until: Promise<unknown>) => probeUntil(jobs, until);

const line = (label: string, r: ProbeResult) => console.log(probeLine(label, r));
try {
  const sources = service.user!.ctx.sources!;
  console.log(
    `crawl stall bench: ${BOARDS} boards from ${ready.sources} ${ready.real ? 'real payloads' : 'own fixtures'}, crawled by Sources on the thread that answers searches`,
  );
  // Warm: the first searches load and compile what every later one uses.
  await warmSearches(jobs);
  line('idle (5 s)', await probe(new Promise((r) => setTimeout(r, 5000))));
  let t = performance.now();
  const first = sources.crawl(ready.boards);
  line('first crawl', await probe(first));
  const summary = await first;
  const postings = summary.boards.reduce((a, b) => a + b.postings, 0);
  console.log(`  (first crawl ${((performance.now() - t) / 1000).toFixed(1)} s, ${postings} postings)`);
  t = performance.now();
  const again = sources.crawl(ready.boards);
  line('no-change re-crawl', await probe(again));
  await again;
  console.log(
    `  (re-crawl ${((performance.now() - t) / 1000).toFixed(1)} s) · load average ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log('goal (issue 28, not asserted): no stall over 100 ms on the thread that answers searches');
} finally {
  service.close();
  ready.close();
  rmSync(dir, { recursive: true, force: true });
}
