import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardRef } from '#shared/rules/board-ref';
import { crawlBoards } from '#service/crawl/crawl-boards';
import { facetsOf, sizeOf } from '../../../electron/service/crawl/platforms/workday-read.js';
import { PATIENT_RETRY, readJobs, tempIndex } from './crawl-harness.js';
import { REALJOBS_ABSENT_MESSAGE, REALJOBS_DIR } from './realjobs.js';

// A fake Workday board of 2,300 postings, answering as Workday's list does past its offset cap:
// nothing is listed past offset 2,000 and `total` then reads 2,000 (the real NVIDIA capture in
// realjobs/more: total 2000, its single-valued facets each counting 2,613). The facets count the
// filtered set, as Workday's do: job family, job type and time type count a posting once; sites
// count it at each of its places. Engineering alone (2,050) is over the cap again.
const BOARD: BoardRef = { platform: 'workday', token: 'acme.wd5/Careers' };
const N = 2300;
const CAP = 2000;
const T0 = Date.parse('2026-09-01T00:00:00Z');
const DAY = 86_400_000;

interface Post {
  i: number;
  jobFamilyGroup: string;
  workerSubType: string;
  timeType: string;
  locations: string[];
}
const POSTS: Post[] = Array.from({ length: N }, (_, i) => ({
  i,
  jobFamilyGroup: i < 2050 ? 'eng' : i < 2200 ? 'sales' : 'ops',
  workerSubType: i >= 1950 && i < 2050 ? 'intern' : 'regular',
  timeType: i >= 2290 ? 'part' : 'full',
  locations: [i % 2 ? 'us-santa-clara' : 'de-munich', ...(i % 10 === 0 ? ['in-bangalore'] : [])],
}));
const SITE: Record<string, string> = {
  'us-santa-clara': 'US, CA, Santa Clara',
  'de-munich': 'Germany, Munich',
  'in-bangalore': 'India, Bangalore',
};
const path = (p: Post) => `/job/Site/Engineer-${p.i}_JR${100000 + p.i}`;

class FakeWorkday {
  gone = new Set<number>();
  facets = true;
  readonly asked: Array<{ offset: number; limit: number; appliedFacets: Record<string, string[]> }> = [];
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<FakeWorkday> {
    const server = createServer((req, res) => void self.answer(req).then((b) => res.end(JSON.stringify(b))));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const self = new FakeWorkday(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return self;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }

  private async answer(req: IncomingMessage): Promise<unknown> {
    if (req.method === 'GET') {
      const i = Number(/_JR(\d+)$/.exec(req.url ?? '')?.[1]) - 100000;
      return { jobPostingInfo: { jobDescription: `<p>Engineer ${i} builds things.</p>`, timeType: 'Full time' } };
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const q = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      offset: number;
      limit: number;
      appliedFacets: Record<string, string[]>;
    };
    this.asked.push(q);
    const open = POSTS.filter((p) => !this.gone.has(p.i));
    const hit = open.filter((p) =>
      Object.entries(q.appliedFacets).every(([k, ids]) => {
        const v = p[k as keyof Post];
        return Array.isArray(v) ? v.some((x) => ids.includes(x)) : ids.includes(String(v));
      }),
    );
    const count = (k: 'jobFamilyGroup' | 'workerSubType' | 'timeType' | 'locations') => {
      const m = new Map<string, number>();
      for (const p of hit) for (const v of ([] as string[]).concat(p[k])) m.set(v, (m.get(v) ?? 0) + 1);
      return { facetParameter: k, values: [...m].map(([id, n]) => ({ descriptor: id, id, count: n })) };
    };
    const facets = this.facets
      ? [
          count('jobFamilyGroup'),
          count('workerSubType'),
          count('timeType'),
          { facetParameter: 'locationMainGroup', values: [count('locations')] },
        ]
      : [];
    return {
      total: q.offset === 0 ? Math.min(hit.length, CAP) : 0,
      jobPostings: (q.offset >= CAP ? [] : hit.slice(q.offset, Math.min(q.offset + q.limit, CAP))).map((p) => ({
        title: `Engineer ${p.i}`,
        externalPath: path(p),
        locationsText: p.locations.length > 1 ? `${p.locations.length} Locations` : SITE[p.locations[0]!],
        bulletFields: [`JR${100000 + p.i}`],
      })),
      facets,
    };
  }
}

describe('a Workday board over the list’s 2,000-posting cap', { timeout: 600_000 }, () => {
  let wd: FakeWorkday;
  const idx = tempIndex();
  const crawl = (at: number) =>
    crawlBoards({
      indexFile: idx.file,
      boards: [BOARD],
      apiBase: { workday: wd.url },
      now: () => at,
      retry: PATIENT_RETRY,
    });
  beforeAll(async () => {
    wd = await FakeWorkday.start();
  });
  afterAll(async () => {
    await wd.close();
    idx.cleanup();
  });

  it('is read whole, split by its facets, each posting once, never asking past the cap', async () => {
    const s = await crawl(T0);
    expect(s.boards[0]).toMatchObject({ state: 'ok', postings: N, added: N });
    expect(new Set(readJobs(idx.file).map((j) => j.title)).size).toBe(N);
    expect(Math.max(...wd.asked.map((q) => q.offset + q.limit))).toBeLessThanOrEqual(CAP);
    // Engineering (2,050) is over the cap again and is split once more, by job type.
    expect(wd.asked).toContainEqual(
      expect.objectContaining({ appliedFacets: { jobFamilyGroup: ['eng'], workerSubType: ['regular'] } }),
    );
  });

  it('a whole read expires exactly the posting that is gone', async () => {
    wd.gone.add(5);
    const s = await crawl(T0 + DAY);
    expect(s.boards[0]).toMatchObject({ state: 'ok', expired: 1, unchanged: N - 1 });
    expect(readJobs(idx.file).find((j) => j.title === 'Engineer 5')!.status).toBe('expired');
  });

  it('a read that cannot reach every posting (no facets to split by) expires nothing', async () => {
    wd.facets = false;
    wd.gone.add(7);
    const s = await crawl(T0 + 2 * DAY);
    // The list reads 2,000 and says 2,000: taken at its word, the other 299 would expire.
    expect(s.boards[0]).toMatchObject({ state: 'anomaly', expired: 0 });
    expect(s.boards[0]!.error).toMatch(/incomplete read/);
    expect(readJobs(idx.file).filter((j) => j.status === 'active')).toHaveLength(N - 1);
  });
});

describe('the size of a capped list, from the real captures (../shared/data/realjobs/more)', () => {
  const more = join(REALJOBS_DIR, 'more');
  const facets = (f: string) => facetsOf(JSON.parse(readFileSync(join(more, f), 'utf8')));

  it('NVIDIA’s list reads total 2000; its job category, job type and time type agree on 2,613', () => {
    expect(existsSync(more), REALJOBS_ABSENT_MESSAGE).toBe(true);
    const nvidia = facets('workday-nvidia-jobos-fixture.json');
    // Nested location groups are flattened; sites count a posting at each place and sum higher.
    expect(nvidia.map((f) => f.param)).toEqual([
      'jobFamilyGroup',
      'workerSubType',
      'timeType',
      'locationHierarchy2',
      'locationHierarchy1',
      'locations',
    ]);
    expect(sizeOf(nvidia)).toEqual({ size: 2613, agreed: true });
    // GDIT's 644 is under the cap: its stated total stands, no facet sum is needed.
    expect(sizeOf(facets('workday-gdit-awsjobstreamer-list-fixture.json'))).toBeUndefined();
  });
});
