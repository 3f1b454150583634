// Issue 32 item 2: one valid board of 20,000 postings (a 42 MB answer, within the answer limit)
// is crawled within the same memory bound as any other run. It was mapped and written in one
// piece and peaked at 880 MB; it is now read as a stream and mapped and written in slices
// (streamed-listing.ts, write-slices.ts). The
// crawling process measures its own peak RSS; the test checks every posting is written and that
// the next read's closures are exact.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, root } from '../../helpers/built-dist.js';
import { bigJobId, greenhouseBoard, statuses } from './big-board.js';
import { tempIndex } from './crawl-harness.js';
import { HostileServer } from './hostile-server.js';

const run = promisify(execFile);
/**
 * The target: a big board's answer is read as a stream (streamed-listing.ts), so its text
 * and parse tree never exist whole (BENCHMARKS.md, issue 32 sixth session).
 */
const RSS_BOUND_MB = 400;
const N = 20_000;

type Summary = {
  boards: Array<{
    state: string;
    postings: number;
    added: number;
    updated: number;
    unchanged: number;
    expired: number;
  }>;
};

describe('one valid board of 20,000 postings', { timeout: 600_000 }, () => {
  let server: HostileServer;
  const idx = tempIndex();
  beforeAll(async () => {
    await ensureBuilt();
    server = await HostileServer.start();
  }, 300_000);
  afterAll(async () => {
    await server.close();
    idx.cleanup();
  });

  /** One crawl of the board by the CLI: its summary and its own peak RSS in MB. */
  async function crawlOnce(): Promise<{ board: Summary['boards'][number]; rssMb: number }> {
    const argv = ['--import', join(root, 'test/helpers/report-max-rss.mjs'), 'bin/jobindex.js', 'crawl'];
    argv.push('--db', idx.file, '--api-base', `greenhouse=${server.url}`, '--json', '--board', 'greenhouse:big');
    const r = await run(process.execPath, argv, { cwd: root, maxBuffer: 64 << 20, timeout: 280_000 });
    const kib = /maxRSS (\d+)\s*$/.exec(r.stderr)?.[1];
    if (!kib) throw new Error(`the child reported no peak RSS: ${r.stderr.slice(-2000)}`);
    const rssMb = Number(kib) / 1024;
    console.info(`peak RSS of a crawl of one ${N}-posting board: ${Math.round(rssMb)} MB`);
    return { board: (JSON.parse(r.stdout) as Summary).boards[0]!, rssMb };
  }

  it('is written whole within the bound, and its next read closes exactly what it no longer lists', async () => {
    const answer = greenhouseBoard(N);
    expect(answer.length).toBeGreaterThan(40e6);
    server.set('big', { kind: 'json', body: answer });
    const first = await crawlOnce();
    expect(first.board).toMatchObject({ state: 'ok', postings: N, added: N });
    let st = statuses(idx.file);
    expect(st.size).toBe(N);
    for (let i = 0; i < N; i++) expect(st.get(bigJobId('big', i))).toBe('active');
    expect(first.rssMb).toBeLessThan(RSS_BOUND_MB);

    // 50 gone, 40 changed (the last ones): read, mapped and written in slices again.
    const changed = new Set(Array.from({ length: 40 }, (_, k) => N - 1 - k));
    server.set('big', { kind: 'json', body: greenhouseBoard(N - 50, 50, changed) });
    const second = await crawlOnce();
    expect(second.board).toMatchObject({ state: 'ok', added: 0, updated: 40, unchanged: N - 90, expired: 50 });
    st = statuses(idx.file);
    for (let i = 0; i < N; i++) expect(st.get(bigJobId('big', i))).toBe(i < 50 ? 'expired' : 'active');
    expect(second.rssMb).toBeLessThan(RSS_BOUND_MB);

    // The same answer again: skipped whole (unchanged-board.ts), every posting still open.
    const third = await crawlOnce();
    expect(third.board).toMatchObject({ state: 'ok', added: 0, updated: 0, expired: 0, unchanged: N - 50 });
  });
});
