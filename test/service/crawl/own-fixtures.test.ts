import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timestampMs } from '@bufbuild/protobuf/wkt';
import { readBoardStates } from '#service/crawl/crawl-boards';
import { openIndex } from '#service/index-db/open-index';
import { JobDetails } from '../../../electron/service/index-db/read/job-detail.js';
import { jobDetail } from '../../../electron/service/index-db/wire.js';
import { crawl, fixture, readJobs, readLocations, tempIndex } from './crawl-harness.js';
import { ReplayServer } from './replay-server.js';

// Small fixtures of our own making in each platform's shape: the field mapping, exactly.
describe('adapters on our own fixtures', () => {
  let server: ReplayServer;
  const idx = tempIndex();
  const at = Date.parse('2026-06-01T00:00:00Z');

  beforeAll(async () => {
    server = await ReplayServer.start();
    server.setBoard('greenhouse', 'acme', fixture('greenhouse-acme.json'));
    server.setBoard('lever', 'acme', fixture('lever-acme.json'));
    server.setBoard('ashby', 'acme', fixture('ashby-acme.json'));
    const summary = await crawl(
      server,
      idx.file,
      [
        { platform: 'greenhouse', token: 'acme' },
        { platform: 'lever', token: 'acme' },
        { platform: 'ashby', token: 'acme' },
      ],
      at,
    );
    expect(summary.boards.map((b) => [b.board.platform, b.state, b.added, b.skipped])).toEqual([
      ['greenhouse', 'ok', 2, { no_description: 1 }],
      ['lever', 'ok', 2, {}],
      ['ashby', 'ok', 2, {}],
    ]);
  });
  afterAll(async () => {
    await server.close();
    idx.cleanup();
  });

  const job = (title: string) => {
    const j = readJobs(idx.file).find((r) => r.title === title);
    if (!j)
      throw new Error(
        `no job "${title}" in ${readJobs(idx.file)
          .map((r) => r.title)
          .join(', ')}`,
      );
    return j;
  };

  it('greenhouse: title trimmed and decoded, content decoded twice then sanitized, pay from text', () => {
    const j = job('Senior Backend Engineer & Team Lead');
    expect(j.html).toContain('<p>Build the &amp; launch systems.</p>');
    expect(j.html).not.toContain('&lt;');
    expect(j.html).not.toContain('script');
    expect([j.salary_min, j.salary_max, j.salary_currency, j.salary_period]).toEqual([70000, 90000, 'EUR', 'year']);
    expect(j.employment_type).toBe('full_time');
    expect(j.source_type).toBe('ats');
    expect(j.source_platform).toBe('greenhouse');
    expect(j.company_name).toBe('Acme Rockets');
    expect(j.apply_url).toBe('https://careers.acme-rockets.example/jobs/4001001?gh_jid=4001001');
    expect(j.discovered_at).toBe(at);
    expect(readLocations(idx.file, j.id)[0]).toMatchObject({ city: 'Berlin', country: 'DE' });
  });

  it("stores the posting's page and the board's own times, and the job detail shows them", () => {
    const gh = job('Senior Backend Engineer & Team Lead');
    expect([gh.posting_url, gh.posted_at, gh.source_updated_at]).toEqual([
      'https://careers.acme-rockets.example/jobs/4001001?gh_jid=4001001',
      Date.parse('2026-04-01T09:30:00-04:00'),
      Date.parse('2026-05-02T10:00:00-04:00'),
    ]);
    const lever = job('Data Analyst (Contract)');
    expect([lever.posting_url, lever.posted_at]).toEqual([
      'https://jobs.lever.co/acme/6b0c3a9e-1111-4a5b-9c8d-000000000001',
      1714557600000,
    ]);
    const db = openIndex(idx.file, { readonly: true });
    try {
      const d = jobDetail(new JobDetails(db).get(lever.id)!, (h) => h);
      expect(d.postingUrl).toBe('https://jobs.lever.co/acme/6b0c3a9e-1111-4a5b-9c8d-000000000001');
      expect(d.applyUrl).toMatch(/\/apply$/);
      expect(timestampMs(d.postedAt as Parameters<typeof timestampMs>[0])).toBe(1714557600000);
      // Not given by the board: absent, never the crawl's own time.
      expect(d.sourceUpdatedAt).toBeUndefined();
    } finally {
      db.close();
    }
    // An unsafe page URL is not stored.
    expect(job('Product Designer').posting_url).toBeNull();
  });

  it('keeps only http(s) URLs and no pay when none is stated', () => {
    const j = job('Product Designer');
    expect(j.apply_url).toBeNull();
    expect(j.salary_min).toBeNull();
    expect(j.remote).toBe(1);
  });

  it('lever: structured salary, commitment, workplace and every location', () => {
    const j = job('Data Analyst (Contract)');
    expect([j.salary_min, j.salary_max, j.salary_currency, j.salary_period]).toEqual([50000, 65000, 'GBP', 'year']);
    expect(j.employment_type).toBe('contract');
    expect(j.work_mode).toBe('hybrid');
    expect(j.html).toContain('<h3>What you&#39;ll do</h3>'.replace('&#39;', "'"));
    expect(readLocations(idx.file, j.id).map((l) => l.country)).toEqual(['GB', 'FR']);
    expect(j.apply_url).toMatch(/\/apply$/);
  });

  it('ashby: compensation, the written remote rule on an office, unlisted postings left out', () => {
    const j = job('Staff Software Engineer');
    expect([j.salary_min, j.salary_max, j.salary_currency, j.salary_period]).toEqual([180000, 220000, 'USD', 'year']);
    // isRemote:true against "San Francisco Office" and nothing else saying remote: the office wins.
    expect([j.remote, j.work_mode]).toEqual([0, '']);
    expect(readLocations(idx.file, j.id)[0]).toMatchObject({ city: 'San Francisco', country: 'US' });
    const h = job('Recruiting Coordinator');
    expect(h.work_mode).toBe('hybrid');
    expect(h.employment_type).toBe('part_time');
    expect(readLocations(idx.file, h.id).map((l) => l.country)).toEqual(['CA', 'CA']);
    expect(readJobs(idx.file).some((r) => r.title === 'Hidden Role')).toBe(false);
  });

  it('stores each board state', () => {
    expect(readBoardStates(idx.file).map((s) => [s.board.platform, s.board.token, s.state, s.postings])).toEqual([
      ['ashby', 'acme', 'ok', 2],
      ['greenhouse', 'acme', 'ok', 3],
      ['lever', 'acme', 'ok', 2],
    ]);
  });

  it('a second crawl with nothing changed rewrites no job and keeps ids', async () => {
    const before = readJobs(idx.file);
    const later = at + 3_600_000;
    const again = await crawl(
      server,
      idx.file,
      [
        { platform: 'greenhouse', token: 'acme' },
        { platform: 'lever', token: 'acme' },
        { platform: 'ashby', token: 'acme' },
      ],
      later,
    );
    expect(again.boards.map((b) => [b.added, b.updated, b.expired, b.unchanged])).toEqual([
      [0, 0, 0, 2],
      [0, 0, 0, 2],
      [0, 0, 0, 2],
    ]);
    const after = readJobs(idx.file);
    // Same rows (rid, id, content); only the verification time moved.
    expect(after.map((j) => ({ ...j, last_verified_at: 0, last_seen_at: 0 }))).toEqual(
      before.map((j) => ({ ...j, last_verified_at: 0, last_seen_at: 0 })),
    );
    expect(after.every((j) => j.last_verified_at === later && j.discovered_at === at)).toBe(true);
  });
});
