import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseBoardRef, type BoardRef } from '#shared/rules/board-ref';
import { crawl, fixture, readJobs, readLocations, tempIndex } from './crawl-harness.js';
import { ReplayServer } from './replay-server.js';

// Own fixture in JazzHR's shape: the public jobs feed GET app.jazz.co/feeds/export/jobs/{subdomain}
// → <jobs><publisher/><company/><job> of id, status, title, department, url
// ({subdomain}.applytojob.com/apply/{code}/{slug}), city, state, country, postalcode, description
// (CDATA HTML), type, experience — the XML export JazzHR offers job boards and careers pages,
// keyed by the applytojob.com subdomain. No real capture exists here.
const ACME: BoardRef = { platform: 'jazzhr', token: 'acme' };
const T0 = Date.parse('2026-09-01T00:00:00Z');
const DAY = 86_400_000;
const FEED = fixture('jazzhr-acme.xml');
/** The feed without the warehouse job. */
const FEWER = FEED.replace(/<job>\s*<id><!\[CDATA\[job_20260701[\s\S]*?<\/job>\s*/, '');

describe('jazzhr adapter (own fixture: the public XML feed)', () => {
  let server: ReplayServer;
  const idx = tempIndex();
  beforeAll(async () => {
    server = await ReplayServer.start();
    server.setBoard('jazzhr', 'acme', FEED);
  });
  afterAll(async () => {
    await server.close();
    idx.cleanup();
  });

  it('follows a careers URL: acme.applytojob.com/apply, a posting’s page, the feed, jazzhr:acme', () => {
    expect(parseBoardRef('https://acme.applytojob.com/apply')).toEqual(ACME);
    expect(parseBoardRef('acme.applytojob.com/apply/AbCd123/Field-Service-Technician')).toEqual(ACME);
    expect(parseBoardRef('https://app.jazz.co/feeds/export/jobs/acme')).toEqual(ACME);
    expect(parseBoardRef('jazzhr:acme')).toEqual(ACME);
    expect(() => parseBoardRef('jazzhr:acme.evil')).toThrow(/no board token/);
    expect(() => parseBoardRef('https://app.jazz.co/feeds/export/jobs/')).toThrow(/no board token/);
    expect(() => parseBoardRef('https://www.applytojob.com/')).toThrow(/not a known careers URL.*JazzHR/);
  });

  it('reads every open job with its place, type and pay; a job on hold is not read', async () => {
    const s = await crawl(server, idx.file, [ACME], T0);
    expect(s.boards[0]).toMatchObject({ state: 'ok', added: 3, postings: 3 });
    expect(server.requests.map((r) => r.path)).toEqual(['/feeds/export/jobs/acme']);
    const jobs = readJobs(idx.file);
    expect(jobs.map((j) => j.title)).not.toContain('Office Manager');
    expect(new Set(jobs.map((j) => j.company_name))).toEqual(new Set(['Acme Robotics']));
    const a = jobs.find((j) => j.title === 'Field Service Technician')!;
    // Pay stated in the description, per hour, is read by the shared pay rules.
    expect([a.employment_type, a.salary_min, a.salary_max, a.salary_currency, a.salary_period]).toEqual([
      'full_time',
      28,
      34,
      'USD',
      'hour',
    ]);
    expect(a.html).toContain('Keep our robots running');
    expect(a.posting_url).toBe('https://acme.applytojob.com/apply/AbCd123/Field-Service-Technician');
    // The feed states no date: the posted day stays unknown, never the id's timestamp guessed.
    expect(a.posted_at).toBeNull();
    expect(readLocations(idx.file, a.id)[0]).toMatchObject({ city: 'Austin', country: 'US' });
    const b = jobs.find((j) => j.title === 'Technical Writer (US Remote)')!;
    expect([b.employment_type, b.remote]).toEqual(['contract', 1]);
    expect(readLocations(idx.file, b.id)[0]).toMatchObject({ city: null, country: 'US' });
    // No country field: the words go through the shared parser ("Toronto, Ontario" is in Canada).
    const c = jobs.find((j) => j.title === 'Warehouse Associate')!;
    expect(c.employment_type).toBe('part_time');
    expect(readLocations(idx.file, c.id)[0]).toMatchObject({ city: 'Toronto', country: 'CA' });
  });

  it('a re-crawl with nothing changed writes nothing', async () => {
    const s = await crawl(server, idx.file, [ACME], T0 + DAY);
    expect(s.boards[0]).toMatchObject({ state: 'ok', added: 0, updated: 0, unchanged: 3 });
  });
});

describe('jazzhr completeness', () => {
  let server: ReplayServer;
  let idx: ReturnType<typeof tempIndex>;
  beforeEach(async () => {
    server = await ReplayServer.start();
    idx = tempIndex();
    server.setBoard('jazzhr', 'acme', FEED);
    expect((await crawl(server, idx.file, [ACME], T0)).boards[0]).toMatchObject({ state: 'ok', added: 3 });
  });
  afterEach(async () => {
    await server.close();
    idx.cleanup();
  });

  it('a whole feed expires the job it no longer lists, and a job put on hold', async () => {
    server.setBoard('jazzhr', 'acme', FEWER);
    let s = await crawl(server, idx.file, [ACME], T0 + DAY);
    expect(s.boards[0]).toMatchObject({ state: 'ok', expired: 1, unchanged: 2 });
    expect(readJobs(idx.file).find((j) => j.title === 'Warehouse Associate')!.status).toBe('expired');
    server.setBoard(
      'jazzhr',
      'acme',
      FEWER.replace(
        /<status><!\[CDATA\[Open\]\]><\/status>(\s*<title><!\[CDATA\[Technical Writer)/,
        '<status><![CDATA[Filled]]></status>$1',
      ),
    );
    s = await crawl(server, idx.file, [ACME], T0 + 2 * DAY);
    expect(s.boards[0]).toMatchObject({ state: 'ok', expired: 1, unchanged: 1 });
  });

  it('an empty feed, a cut feed or an error page expires nothing', async () => {
    server.fault('jazzhr', 'acme', { empty: true });
    expect((await crawl(server, idx.file, [ACME], T0 + DAY)).boards[0]).toMatchObject({ state: 'anomaly', expired: 0 });
    server.fault('jazzhr', 'acme', { truncate: true });
    const cut = (await crawl(server, idx.file, [ACME], T0 + 2 * DAY)).boards[0]!;
    expect(cut).toMatchObject({ state: 'error', expired: 0 });
    expect(cut.error).toMatch(/not a whole <jobs> feed/);
    server.fault('jazzhr', 'acme', { status: 500 });
    expect((await crawl(server, idx.file, [ACME], T0 + 3 * DAY)).boards[0]).toMatchObject({
      state: 'error',
      expired: 0,
      error: 'HTTP 500',
    });
    expect(readJobs(idx.file).filter((j) => j.status === 'active')).toHaveLength(3);
  });
});
