import { afterAll, describe, expect, it } from 'vitest';
import { Code, ConnectError } from '@connectrpc/connect';
import { FIXTURE, openFixture } from '../../helpers/fixture.js';
import { GENERIC_SHARE, similarWords } from '../../../electron/service/index-db/read/similar.js';
import { htmlToText } from '../../../electron/service/index-db/write/html-text.js';
import { placeWords, type PlaceParts } from '../../../electron/service/index-db/write/place-words.js';

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

const textOf = h.db
  .prepare('SELECT description_html(d.html) FROM jobs j JOIN job_descriptions d ON d.rid = j.rid WHERE j.id = ?')
  .pluck();
const docsOf = h.db.prepare('SELECT docs FROM search_terms WHERE term = ?').pluck();
const active = h.db.prepare("SELECT count(*) FROM jobs WHERE status = 'active'").pluck().get() as number;
const distinctive = (w: string) => ((docsOf.get(w) as number | undefined) ?? 0) / active <= GENERIC_SHARE;
const placesOf = h.db.prepare(
  'SELECT l.city, l.region, l.country FROM job_locations l JOIN jobs j ON j.rid = l.job_rid WHERE j.id = ?',
);
// What the search row holds: the title, the description's text and the place words.
const bag = (j: Src) =>
  new Set(
    similarWords(
      `${j.title} ${htmlToText(textOf.get(j.id) as string)} ${placeWords(placesOf.all(j.id) as PlaceParts[])}`,
    ),
  );

/**
 * Related (docs/decisions/get-similar.md): shares a distinctive word of the title or description
 * (one in at most GENERIC_SHARE of active jobs), or half the title's words or more.
 */
function related(src: Src, other: Src): boolean {
  const theirs = bag(other);
  if ([...bag(src)].some((w) => distinctive(w) && theirs.has(w))) return true;
  const a = new Set(similarWords(src.title));
  const b = new Set(similarWords(other.title));
  const both = [...a].filter((w) => b.has(w)).length;
  return both / new Set([...a, ...b]).size >= 0.5;
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

  it('ranks a job of the same title above one that shares no title word', async () => {
    let compared = 0;
    for (const id of sources) {
      const src = job(id);
      const mine = new Set(similarWords(src.title));
      const res = await h.jobs.getSimilar({ id, limit: 50 });
      const same = res.data.map((c, i) => (c.title === src.title ? i : -1)).filter((i) => i >= 0);
      const none = res.data
        .map((c, i) => (similarWords(c.title).some((w) => mine.has(w)) ? -1 : i))
        .filter((i) => i >= 0);
      if (same.length && none.length) {
        expect(Math.max(...same), `${src.title}`).toBeLessThan(Math.min(...none));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(0);
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
