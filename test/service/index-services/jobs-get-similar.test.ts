import { afterAll, describe, expect, it } from 'vitest';
import { Code, ConnectError } from '@connectrpc/connect';
import { words } from '#shared/text/fold';
import { FIXTURE, openFixture } from '../../helpers/fixture.js';

const h = openFixture();
afterAll(() => h.close());

const PATH = '/svc.jobs.v1.JobsService/GetSimilar';
const DAY = 86_400_000;

interface Src {
  id: string;
  title: string;
  occupation: string | null;
  seniority: string;
  status: string;
}

const byId = h.db.prepare('SELECT id, title, occupation, seniority, status FROM jobs WHERE id = ?');
const job = (id: string) => byId.get(id) as Src;

const titleWords = (t: string) => [...new Set(words(t).filter((w) => w.length >= 3))];

/**
 * Related (docs/decisions/get-similar.md): a source with an occupation only finds jobs of that
 * occupation; one without finds jobs sharing a title word of three letters or more.
 */
function related(src: Src, other: Src): boolean {
  if (src.occupation) return other.occupation === src.occupation;
  const w = new Set(words(other.title));
  return titleWords(src.title).some((x) => w.has(x));
}

/** The documented score: 4 × title-word Jaccard + 3 same occupation + 2 same seniority. */
function score(src: Src, other: Src): number {
  const mine = titleWords(src.title);
  const theirs = new Set(words(other.title));
  const shared = mine.filter((x) => theirs.has(x)).length;
  const jaccard = shared / Math.max(1, new Set([...mine, ...theirs]).size);
  return (
    4 * jaccard +
    (src.occupation && other.occupation === src.occupation ? 3 : 0) +
    (other.seniority === src.seniority ? 2 : 0)
  );
}

// A spread of sources: every occupation, several seniorities, one without an occupation.
const sources = [
  ...(h.db
    .prepare(
      `SELECT id FROM (SELECT id, occupation, row_number() OVER (PARTITION BY occupation ORDER BY rid) AS n FROM jobs
       WHERE status = 'active') WHERE n = 1 ORDER BY occupation`,
    )
    .pluck()
    .all() as string[]),
  ...(h.db
    .prepare(
      `SELECT id FROM jobs WHERE status = 'active' AND seniority IN ('director', 'intern', 'staff') GROUP BY seniority`,
    )
    .pluck()
    .all() as string[]),
];

describe('JobsService.GetSimilar', () => {
  it('covers a spread of source jobs', () => {
    expect(sources.length).toBeGreaterThanOrEqual(10);
    expect(sources.some((id) => job(id).occupation === null)).toBe(true);
  });

  it('never returns the job itself, only distinct active jobs related to it', async () => {
    let total = 0;
    for (const id of sources) {
      const src = job(id);
      const res = await h.jobs.getSimilar({ id, limit: 50 });
      const got = res.data.map((c) => c.id);
      total += got.length;
      expect(got).not.toContain(id);
      expect(new Set(got).size).toBe(got.length);
      for (const c of res.data) {
        const other = job(c.id);
        expect(other.status, `${c.id} similar to ${id}`).toBe('active');
        expect(
          related(src, other),
          `"${other.title}" (${other.occupation}) vs "${src.title}" (${src.occupation})`,
        ).toBe(true);
      }
      expect(res.pagination?.hasMore).toBe(false);
    }
    expect(total).toBeGreaterThan(sources.length * 5);
  });

  it('ranks by the documented score, ties newest first', async () => {
    let compared = 0;
    for (const id of sources) {
      const src = job(id);
      const res = await h.jobs.getSimilar({ id, limit: 50 });
      const ranked = res.data.map((c) => ({ s: score(src, job(c.id)), at: Number(c.discoveredAt!.seconds) }));
      for (let i = 1; i < ranked.length; i++) {
        const [a, b] = [ranked[i - 1]!, ranked[i]!];
        expect(a.s, `${id} rank ${i}`).toBeGreaterThanOrEqual(b.s - 1e-9);
        if (Math.abs(a.s - b.s) < 1e-9) expect(a.at, `${id} tie at rank ${i}`).toBeGreaterThanOrEqual(b.at);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('returns 10 by default and respects limit from 1 to 50', async () => {
    const id = h.db
      .prepare(
        `SELECT id FROM jobs WHERE status = 'active' AND occupation = (SELECT occupation FROM jobs WHERE status = 'active'
         AND occupation IS NOT NULL GROUP BY occupation ORDER BY count(*) DESC LIMIT 1) LIMIT 1`,
      )
      .pluck()
      .get() as string;
    expect((await h.jobs.getSimilar({ id })).data).toHaveLength(10);
    expect((await h.jobs.getSimilar({ id, limit: 1 })).data).toHaveLength(1);
    expect((await h.jobs.getSimilar({ id, limit: 50 })).data).toHaveLength(50);
    const ten = (await h.jobs.getSimilar({ id })).data.map((c) => c.id);
    const fifty = (await h.jobs.getSimilar({ id, limit: 50 })).data.map((c) => c.id);
    expect(fifty.slice(0, 10)).toEqual(ten);
  });

  it.each([0, 51, -1, 1000])('limit %d is 400 naming limit', async (limit) => {
    const id = sources[0]!;
    const res = await h.postJson(PATH, { id, limit });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_argument');
    expect(res.body.message.startsWith('limit:')).toBe(true);
  });

  it('works for an expired job that is still readable', async () => {
    const id = h.db
      .prepare(`SELECT id FROM jobs WHERE status = 'expired' AND expired_at >= ? AND occupation IS NOT NULL LIMIT 1`)
      .pluck()
      .get(FIXTURE.now - 20 * DAY) as string;
    const src = job(id);
    const res = await h.jobs.getSimilar({ id });
    expect(res.data.length).toBeGreaterThan(0);
    for (const c of res.data) {
      expect(c.id).not.toBe(id);
      expect(job(c.id).status).toBe('active');
      expect(related(src, job(c.id))).toBe(true);
    }
  });

  it('an expired job past retention is 404', async () => {
    const id = h.db
      .prepare(`SELECT id FROM jobs WHERE status = 'expired' AND expired_at < ? LIMIT 1`)
      .pluck()
      .get(FIXTURE.now - 31 * DAY) as string;
    const res = await h.postJson(PATH, { id });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });

  it('an unknown id is 404, a malformed one 400 naming id', async () => {
    const unknown = await h.postJson(PATH, { id: '11111111-2222-4333-8444-555555555555' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not_found');
    const bad = await h.postJson(PATH, { id: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.message.startsWith('id:')).toBe(true);
    await expect(h.jobs.getSimilar({ id: '11111111-2222-4333-8444-555555555555' })).rejects.toSatisfy(
      (e) => e instanceof ConnectError && e.code === Code.NotFound,
    );
  });
});
