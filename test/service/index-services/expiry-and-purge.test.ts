import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRecord } from '#service/index-db/records';
import { IndexWriter } from '#service/index-db/write/index-writer';
import { purgeExpired } from '#service/index-db/write/purge';
import { refreshStats } from '#service/index-db/write/refresh-stats';
import { FIXTURE, openFixture, type Harness } from '../../helpers/fixture.js';

const DAY = 86_400_000;
const NOW = FIXTURE.now;
const GET = '/svc.jobs.v1.JobsService/Get';

let h: Harness;
let writer: IndexWriter;
let company: { id: string; slug: string; name: string };

function record(over: Partial<JobRecord> = {}): JobRecord {
  const discoveredAt = NOW - 60 * DAY;
  return {
    id: randomUUID(),
    slug: 'expiry-probe',
    title: 'Expiry Probe Cartographer',
    companyId: company.id,
    locations: [
      { city: 'Berlin', region: 'BE', country: 'DE', remote: false },
      { city: 'Hamburg', region: 'HH', country: 'DE', remote: false },
    ],
    remote: false,
    workMode: 'onsite',
    employmentType: 'full_time',
    seniority: 'mid',
    occupation: 'Cartography',
    salary: { min: 50000, max: 60000, currency: 'EUR', period: 'year' },
    descriptionHtml: '<p>Map <strong>things</strong>.</p><script>alert(1)</script>',
    sourceType: 'ats',
    sourcePlatform: 'lever',
    applyUrl: 'https://jobs.lever.co/probe/1',
    status: 'active',
    discoveredAt,
    lastSeenAt: discoveredAt,
    lastScrapedAt: discoveredAt,
    lastVerifiedAt: discoveredAt,
    ...over,
  };
}

function count(sql: string, ...params: unknown[]): number {
  return h.db
    .prepare(sql)
    .pluck()
    .get(...params) as number;
}

async function companyJobIds(): Promise<string[]> {
  const out: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await h.companies.listJobs({ id: company.id, limit: 100, ...(cursor ? { cursor } : {}) });
    out.push(...page.data.map((c) => c.id));
    cursor = page.pagination?.nextCursor;
  } while (cursor);
  return out;
}

beforeAll(() => {
  h = openFixture({ writable: true });
  writer = new IndexWriter(h.db);
  company = h.db.prepare('SELECT id, slug, name FROM companies ORDER BY cid LIMIT 1').get() as typeof company;
});
afterAll(() => h.close());

describe('expiring a job (IndexWriter.expireJob)', () => {
  it('10 days after expiry the detail is readable with status expired', async () => {
    const job = record();
    writer.transaction(() => {
      writer.upsertJob(job);
      expect(writer.expireJob(job.id, NOW - 10 * DAY)).toBe(true);
    });
    const res = await h.postJson(GET, { id: job.id });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('expired');
    expect(Date.parse(res.body.expiredAt)).toBe(NOW - 10 * DAY);
    expect(Date.parse(res.body.lastVerifiedAt)).toBe(NOW - 10 * DAY);
    expect(res.body.title).toBe(job.title);
    expect(res.body.locations).toEqual([
      { city: 'Berlin', region: 'BE', country: 'DE', remote: false },
      { city: 'Hamburg', region: 'HH', country: 'DE', remote: false },
    ]);
    expect(res.body.description).toBe('<p>Map <strong>things</strong>.</p>');
  });

  it('40 days after expiry the detail is not found', async () => {
    const job = record();
    writer.transaction(() => {
      writer.upsertJob(job);
      writer.expireJob(job.id, NOW - 40 * DAY);
    });
    const res = await h.postJson(GET, { id: job.id });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });

  it('an expired job leaves the company job list and similar jobs at once', async () => {
    const job = record({ title: 'Expiry Probe Surveyor' });
    writer.transaction(() => writer.upsertJob(job));
    expect(await companyJobIds()).toContain(job.id);
    const sibling = record({ title: 'Expiry Probe Surveyor' });
    writer.transaction(() => writer.upsertJob(sibling));
    expect((await h.jobs.getSimilar({ id: sibling.id, limit: 50 })).data.map((c) => c.id)).toContain(job.id);

    writer.transaction(() => writer.expireJob(job.id, NOW - DAY));
    expect(await companyJobIds()).not.toContain(job.id);
    expect((await h.jobs.getSimilar({ id: sibling.id, limit: 50 })).data.map((c) => c.id)).not.toContain(job.id);
    // …and the company's active job count follows once stats are refreshed.
    refreshStats(h.db, NOW);
    const c = await h.companies.get({ id: company.id });
    expect(c.activeJobCount).toBe((await companyJobIds()).length);
  });

  it('expiring an already expired or unknown job changes nothing', () => {
    const job = record();
    writer.transaction(() => {
      writer.upsertJob(job);
      writer.expireJob(job.id, NOW - 5 * DAY);
    });
    expect(writer.expireJob(job.id, NOW - DAY)).toBe(false);
    expect(count('SELECT expired_at FROM jobs WHERE id = ?', job.id)).toBe(NOW - 5 * DAY);
    expect(writer.expireJob(randomUUID(), NOW)).toBe(false);
  });

  it('a job written as expired with expiredAt keeps that time', async () => {
    const job = record({ status: 'expired', expiredAt: NOW - 3 * DAY, lastVerifiedAt: NOW - 3 * DAY });
    writer.transaction(() => writer.upsertJob(job));
    const res = await h.postJson(GET, { id: job.id });
    expect(res.body.status).toBe('expired');
    expect(Date.parse(res.body.expiredAt)).toBe(NOW - 3 * DAY);
  });
});

describe('an expired job reported active again', () => {
  it('returns to search with its id and is readable as active', async () => {
    const job = record({ title: 'Expiry Probe Returner' });
    writer.transaction(() => {
      writer.upsertJob(job);
      writer.expireJob(job.id, NOW - 2 * DAY);
    });
    expect(await companyJobIds()).not.toContain(job.id);
    writer.transaction(() => writer.upsertJob({ ...job, lastVerifiedAt: NOW - DAY, lastSeenAt: NOW - DAY }));
    const res = await h.postJson(GET, { id: job.id });
    expect(res.body.status).toBe('active');
    expect(res.body).not.toHaveProperty('expiredAt');
    expect(await companyJobIds()).toContain(job.id);
  });
});

describe('deleting a job (IndexWriter.deleteJob)', () => {
  it('removes it from detail and search with its locations and description', async () => {
    const job = record();
    writer.transaction(() => writer.upsertJob(job));
    expect((await h.postJson(GET, { id: job.id })).status).toBe(200);
    const rid = count('SELECT rid FROM jobs WHERE id = ?', job.id);
    expect(writer.deleteJob(job.id)).toBe(true);
    expect((await h.postJson(GET, { id: job.id })).status).toBe(404);
    expect(count('SELECT count(*) FROM job_locations WHERE job_rid = ?', rid)).toBe(0);
    expect(count('SELECT count(*) FROM job_descriptions WHERE rid = ?', rid)).toBe(0);
    expect(await companyJobIds()).not.toContain(job.id);
    expect(writer.deleteJob(job.id)).toBe(false);
  });
});

describe('purging old expired jobs (IndexWriter.purgeExpiredBefore)', () => {
  it('removes jobs expired before the cutoff with their locations and descriptions, and nothing else', async () => {
    const cutoff = NOW - 30 * DAY;
    const old = h.db
      .prepare(`SELECT id, rid FROM jobs WHERE status = 'expired' AND expired_at < ?`)
      .all(cutoff) as Array<{
      id: string;
      rid: number;
    }>;
    const keptIds = h.db
      .prepare(`SELECT id FROM jobs WHERE NOT (status = 'expired' AND expired_at < ?) ORDER BY id`)
      .pluck()
      .all(cutoff);
    expect(old.length).toBeGreaterThan(10);
    const oldRids = old.map((o) => o.rid);
    const inOld = `(${oldRids.join(',')})`;
    expect(count(`SELECT count(*) FROM job_locations WHERE job_rid IN ${inOld}`)).toBeGreaterThanOrEqual(old.length);
    expect(count(`SELECT count(*) FROM job_descriptions WHERE rid IN ${inOld}`)).toBe(old.length);
    const locationsKept = count(`SELECT count(*) FROM job_locations WHERE job_rid NOT IN ${inOld}`);
    const activeBefore = count(`SELECT count(*) FROM jobs WHERE status = 'active'`);
    const recentExpired = h.db
      .prepare(`SELECT id FROM jobs WHERE status = 'expired' AND expired_at >= ? LIMIT 1`)
      .pluck()
      .get(cutoff) as string;

    const purged = writer.transaction(() => writer.purgeExpiredBefore(cutoff));

    expect(purged).toBe(old.length);
    expect(count(`SELECT count(*) FROM jobs WHERE rid IN ${inOld}`)).toBe(0);
    expect(count(`SELECT count(*) FROM job_locations WHERE job_rid IN ${inOld}`)).toBe(0);
    expect(count(`SELECT count(*) FROM job_descriptions WHERE rid IN ${inOld}`)).toBe(0);
    expect(h.db.prepare('SELECT id FROM jobs ORDER BY id').pluck().all()).toEqual(keptIds);
    expect(count('SELECT count(*) FROM job_locations')).toBe(locationsKept);
    expect(count('SELECT count(*) FROM job_descriptions')).toBe(keptIds.length);
    expect(count(`SELECT count(*) FROM jobs WHERE status = 'active'`)).toBe(activeBefore);
    expect(count('SELECT count(*) FROM job_locations WHERE job_rid NOT IN (SELECT rid FROM jobs)')).toBe(0);
    expect(count('SELECT count(*) FROM job_descriptions WHERE rid NOT IN (SELECT rid FROM jobs)')).toBe(0);

    // A recently expired job is still readable; a purged one is gone.
    expect((await h.postJson(GET, { id: recentExpired })).body.status).toBe('expired');
    expect((await h.postJson(GET, { id: old[0]!.id })).status).toBe(404);
    // Purging again finds nothing more.
    expect(writer.transaction(() => writer.purgeExpiredBefore(cutoff))).toBe(0);
  });
});

describe('purgeExpired', () => {
  it('purges past the 30-day retention and refreshes the index version', async () => {
    const w = openFixture({ writable: true });
    try {
      const before = await w.meta.getInfo({});
      const old = w.db
        .prepare(`SELECT count(*) FROM jobs WHERE status = 'expired' AND expired_at < ?`)
        .pluck()
        .get(NOW - 30 * DAY) as number;
      expect(old).toBeGreaterThan(0);
      expect(purgeExpired(w.db, NOW)).toBe(old);
      const after = await w.meta.getInfo({});
      expect(after.indexVersion).not.toBe(before.indexVersion);
      // Only unreadable jobs went: the counts clients see do not change.
      expect(after.jobCount).toBe(before.jobCount);
      expect(after.expiredJobCount).toBe(before.expiredJobCount);
      expect(w.db.prepare(`SELECT count(*) FROM jobs WHERE status = 'expired'`).pluck().get()).toBe(
        before.expiredJobCount,
      );
      expect(purgeExpired(w.db, NOW)).toBe(0);
    } finally {
      w.close();
    }
  });
});
