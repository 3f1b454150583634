// Issue 32 item 2: a paged board's pages together are bounded like a one-page answer (by the
// answer limit, listing-bound.ts), not only each page by it: past it the board fails alone and
// expires nothing, and its later pages are not asked for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawl, FAST_RETRY, fixture, readJobs, tempIndex } from './crawl-harness.js';
import { ReplayServer } from './replay-server.js';

const BOARD = { platform: 'smartrecruiters', token: 'AcmeCo' } as const;
const LIMIT = { ...FAST_RETRY, maxBodyBytes: 1 << 20 }; // 1 MB per answer, and per listing
const T1 = Date.parse('2026-06-01T00:00:00Z');

/** 2,000 postings, 3 KB each: 20 pages of ~300 KB, each within the limit, 6 MB together. */
function endlessListing(): string {
  const content = Array.from({ length: 2000 }, (_, i) => ({
    id: `9${i}`,
    name: `Padded Posting ${i}`,
    location: { city: 'Lyon', country: 'fr' },
    company: { identifier: 'AcmeCo', name: 'Acme Co' },
    note: 'x'.repeat(3000),
  }));
  return JSON.stringify({ offset: 0, limit: 100, totalFound: content.length, content });
}

describe('a paged listing larger than the answer limit over its pages', () => {
  let server: ReplayServer;
  const idx = tempIndex();
  beforeAll(async () => {
    server = await ReplayServer.start();
    server.setBoard('smartrecruiters', 'AcmeCo', fixture('smartrecruiters-acme.json'));
    const details = JSON.parse(fixture('smartrecruiters-acme-details.json')) as Record<string, unknown>;
    for (const [id, d] of Object.entries(details)) server.setDetail('AcmeCo', id, d);
  });
  afterAll(async () => {
    await server.close();
    idx.cleanup();
  });

  it('fails the board alone, names the limit, stops asking for pages and expires nothing', async () => {
    const first = await crawl(server, idx.file, [BOARD], T1, LIMIT);
    expect(first.boards[0]).toMatchObject({ state: 'ok', added: 2 });
    server.setBoard('smartrecruiters', 'AcmeCo', endlessListing());
    const before = server.requests.length;
    const s = await crawl(server, idx.file, [BOARD], T1 + 1000, LIMIT);
    expect(s.boards[0]).toMatchObject({ state: 'error', added: 0, expired: 0 });
    expect(s.boards[0]!.error).toMatch(
      /^listing larger than 1 MB over 4 pages \(the limit; raise it with --max-answer-mb\)/,
    );
    // Four pages of ~300 KB pass 1 MB: no fifth page, and no posting's detail, is asked for.
    expect(server.requests.slice(before).map((r) => r.path)).toHaveLength(4);
    const jobs = readJobs(idx.file);
    expect(jobs.map((j) => j.status)).toEqual(['active', 'active']);
  });
});
