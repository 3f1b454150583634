import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRecord } from '#service/index-db/records';
import { IndexWriter } from '#service/index-db/write/index-writer';
import { refreshStats } from '#service/index-db/write/refresh-stats';
import { FIXTURE, openFixture, type Harness } from '../../helpers/fixture.js';

// Issue 31 item 10: similar jobs for "Swag Manager" were just other "… Manager" titles. On the
// generated corpus (3,000 jobs, many of them managers) plus a few of our own, GetSimilar weighs
// the distinctive words of the title and description: the merchandise and brand roles come first,
// and a manager with nothing distinctive in common is never offered (docs/decisions/get-similar.md).

const T = FIXTURE.now + 3_600_000;
let h: Harness;
let company = '';
const id = (n: number) => `5a900000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const SWAG = {
  id: id(1),
  title: 'Swag Manager',
  html: `<h3>About the role</h3><p>You run our swag store: branded merchandise, apparel and giveaways for
    conferences. You source vendors, keep the merchandise inventory, and make sure every hoodie fits the brand.</p>
    <ul><li>Manage the swag budget with the team</li><li>Work with the brand designers</li></ul>`,
};
const RELATED = [
  {
    id: id(2),
    title: 'Merchandise Coordinator',
    html: '<p>Coordinate merchandise orders with our apparel vendors and keep the swag inventory for events.</p>',
  },
  {
    id: id(3),
    title: 'Brand Store Lead',
    html: '<p>Lead the brand store: merchandise, apparel and giveaways, from vendors to the warehouse.</p>',
  },
  {
    id: id(4),
    title: 'Merchandising Specialist, Apparel',
    html: '<p>Plan the apparel line and the branded merchandise for our store and for giveaways.</p>',
  },
];
// Nothing distinctive in common with anything in the corpus: a lute maker's manager.
const ZITHER = {
  id: id(5),
  title: 'Zither Manager',
  html: '<p>Manage the luthiery workshop: restring psalteries, tune zithers, and lead the team.</p>',
};

function job(j: { id: string; title: string; html: string }, n: number): JobRecord {
  return {
    id: j.id,
    slug: '',
    title: j.title,
    companyId: company,
    locations: [{ city: 'Oslo', country: 'NO', remote: false }],
    descriptionHtml: j.html,
    sourceType: 'ats',
    sourcePlatform: 'lever',
    status: 'active',
    discoveredAt: T + n * 1000,
    lastSeenAt: T,
    lastScrapedAt: T,
    lastVerifiedAt: T,
  };
}

beforeAll(() => {
  h = openFixture({ writable: true });
  company = h.db.prepare("SELECT id FROM companies WHERE slug = 'boreal-media'").pluck().get() as string;
  const w = new IndexWriter(h.db);
  // The related roles first: newer unrelated managers must not push them out.
  w.transaction(() => [...RELATED, SWAG, ZITHER].forEach((j, n) => w.upsertJob(job(j, n))));
  refreshStats(h.db, T);
});
afterAll(() => h.close());

describe('GetSimilar weighs distinctive words', () => {
  it('the corpus has many other managers, newer ones among them', () => {
    const managers = h.db
      .prepare("SELECT count(*) FROM jobs WHERE status = 'active' AND title LIKE '%Manager%'")
      .pluck()
      .get() as number;
    expect(managers).toBeGreaterThan(50);
  });

  it('"Swag Manager" gets the merchandise and brand roles first, before any unrelated manager', async () => {
    const res = await h.jobs.getSimilar({ id: SWAG.id, limit: 10 });
    const titles = res.data.map((c) => c.title);
    expect(titles.slice(0, 3).sort()).toEqual(RELATED.map((r) => r.title).sort());
    // What follows (if anything) shares a distinctive word, never just "Manager".
    for (const c of res.data.slice(3)) expect(c.title, titles.join(' | ')).not.toMatch(/^\S+ Manager$/);
  });

  it('a manager with nothing distinctive in common gets no similar jobs, not every other manager', async () => {
    const res = await h.jobs.getSimilar({ id: ZITHER.id, limit: 10 });
    expect(res.data.map((c) => c.title)).toEqual([]);
  });

  it('a generic title still finds the same title (half its words or more)', async () => {
    const src = h.db
      .prepare(
        `SELECT j.id, j.title FROM jobs j WHERE j.status = 'active' AND j.title IN
          (SELECT title FROM jobs WHERE status = 'active' GROUP BY title HAVING count(*) >= 3) LIMIT 1`,
      )
      .get() as { id: string; title: string };
    const res = await h.jobs.getSimilar({ id: src.id, limit: 10 });
    expect(res.data.map((c) => c.title)).toContain(src.title);
  });
});
