import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BoardRef } from '#shared/rules/board-ref';
import { crawl, fixture, readJobs, readLocations, tempIndex } from './crawl-harness.js';
import { ReplayServer } from './replay-server.js';

// Own fixture in Workday's shape: the careers site's list (POST /wday/cxs/{tenant}/{site}/jobs,
// {total, jobPostings[{title, externalPath, locationsText, postedOn, bulletFields, remoteType}]})
// and detail (GET /wday/cxs/{tenant}/{site}{externalPath} → {jobPostingInfo, hiringOrganization}),
// field for field as in the real payloads described in ../shared/data/realjobs/SOURCES.md.
const BOARD: BoardRef = { platform: 'workday', token: 'acme.wd5/AcmeCareers' };
const T0 = Date.parse('2026-09-01T00:00:00Z');
const DAY = 86_400_000;

interface Fixture {
  list: { total: number; jobPostings: Array<{ externalPath: string }> };
  details: Record<string, unknown>;
}

function serveFixture(server: ReplayServer): Fixture {
  const f = JSON.parse(fixture('workday-acme.json')) as Fixture;
  server.setBoard('workday', BOARD.token, f.list);
  for (const [path, d] of Object.entries(f.details)) server.setWorkdayDetail(BOARD.token, path, d);
  return f;
}

describe('workday adapter (own fixture: a list page and its details)', () => {
  let server: ReplayServer;
  const idx = tempIndex();

  beforeAll(async () => {
    server = await ReplayServer.start();
    serveFixture(server);
  });
  afterAll(async () => {
    await server.close();
    idx.cleanup();
  });

  it('lists by POST, reads each posting’s detail, and keeps what the detail states', async () => {
    const s = await crawl(server, idx.file, [BOARD], T0);
    // R300 has no detail (404): no description, skipped, not invented.
    expect(s.boards[0]).toMatchObject({ state: 'ok', added: 2, postings: 3, skipped: { no_description: 1 } });
    const list = server.requests.filter((r) => r.path === '/wday/cxs/acme/AcmeCareers/jobs');
    expect(list.map((r) => [r.method, JSON.parse(r.body!) as unknown])).toEqual([
      ['POST', { appliedFacets: {}, limit: 20, offset: 0, searchText: '' }],
    ]);
    const jobs = readJobs(idx.file);
    const eng = jobs.find((j) => j.title === 'Senior Data Engineer')!;
    expect(eng.html).toContain('You will run our data platform.');
    expect(eng.source_platform).toBe('workday');
    expect(eng.posting_url).toBe(
      'https://acme.wd5.myworkdayjobs.com/AcmeCareers/job/US-CA-Santa-Clara/Senior-Data-Engineer_JR100001',
    );
    expect(eng.employment_type).toBe('full_time');
    // startDate is the one absolute date; "Posted 30+ Days Ago" is not turned into one.
    expect(eng.posted_at).toBe(Date.parse('2026-07-10T00:00:00Z'));
    expect([eng.salary_min, eng.salary_max, eng.salary_currency, eng.salary_period]).toEqual([
      150000,
      180000,
      'USD',
      'year',
    ]);
    // Every place of the detail (the list only says "3 Locations").
    expect(readLocations(idx.file, eng.id)).toEqual([
      { city: 'Santa Clara', region: 'CA', country: 'US', text: 'US, CA, Santa Clara' },
      { city: 'Berlin', region: null, country: 'DE', text: 'Germany, Berlin' },
      { city: null, region: 'NY', country: 'US', text: 'US, NY, Remote' },
    ]);
    const student = jobs.find((j) => j.title === 'Werkstudent (m/w/d) Marketing')!;
    // "Part time" states hours only: the title's kind (a working student) refines it (crawl-truth.md).
    expect([student.employment_type, student.work_mode, student.remote]).toEqual(['internship', 'hybrid', 0]);
    expect(readLocations(idx.file, student.id)).toEqual([
      { city: 'Munich', region: null, country: 'DE', text: 'DEU Munich' },
    ]);
    expect(eng.company_name).toBe('Acme');
  });

  it('a re-crawl with nothing changed reads no detail again and writes nothing', async () => {
    const before = server.requests.length;
    const s = await crawl(server, idx.file, [BOARD], T0 + DAY);
    expect(s.boards[0]).toMatchObject({ state: 'ok', added: 0, updated: 0, expired: 0, unchanged: 2 });
    // The list, and the detail of the one posting that still has none.
    expect(server.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /wday/cxs/acme/AcmeCareers/jobs',
      'GET /wday/cxs/acme/AcmeCareers/job/USATXAustin/Warehouse-Associate_R300',
    ]);
  });
});

/** A Workday board of `n` postings with details; `total` as the first page states it. */
function bigBoard(server: ReplayServer, n: number, total = n, only?: number[]): void {
  const ids = only ?? Array.from({ length: n }, (_, i) => i + 1);
  const path = (i: number) => `/job/Germany-Berlin/Engineer-${i}_R${1000 + i}`;
  server.setBoard('workday', 'orbit.wd3/Orbit_Careers', {
    total,
    jobPostings: ids.map((i) => ({
      title: `Engineer ${i}`,
      externalPath: path(i),
      locationsText: 'Germany, Berlin',
      postedOn: 'Posted Today',
      bulletFields: [`R${1000 + i}`],
    })),
  });
  for (const i of ids) {
    server.setWorkdayDetail('orbit.wd3/Orbit_Careers', path(i), {
      jobPostingInfo: {
        title: `Engineer ${i}`,
        jobDescription: `<p>Role number ${i}.</p>`,
        location: 'Germany, Berlin',
        timeType: 'Full time',
        jobReqId: `R${1000 + i}`,
        startDate: '2026-08-01',
      },
    });
  }
}

describe('workday paging and anomalies', () => {
  const ORBIT: BoardRef = { platform: 'workday', token: 'orbit.wd3/Orbit_Careers' };
  let server: ReplayServer;
  let idx: ReturnType<typeof tempIndex>;
  beforeEach(async () => {
    server = await ReplayServer.start();
    idx = tempIndex();
    bigBoard(server, 45);
    const s = await crawl(server, idx.file, [ORBIT], T0);
    expect(s.boards[0]).toMatchObject({ state: 'ok', added: 45, postings: 45 });
  });
  afterEach(async () => {
    await server.close();
    idx.cleanup();
  });

  it('reads every page although later pages state total 0', () => {
    const offsets = server.requests
      .filter((r) => r.method === 'POST')
      .map((r) => (JSON.parse(r.body!) as { offset: number }).offset);
    expect(offsets).toEqual([0, 20, 40]);
  });

  it('a complete read expires the posting it no longer lists', async () => {
    bigBoard(
      server,
      44,
      44,
      Array.from({ length: 44 }, (_, i) => i + 1),
    );
    const s = await crawl(server, idx.file, [ORBIT], T0 + DAY);
    expect(s.boards[0]).toMatchObject({ state: 'ok', expired: 1, unchanged: 44 });
    expect(readJobs(idx.file).find((j) => j.title === 'Engineer 45')!.status).toBe('expired');
  });

  it('fewer postings than the first page states is an incomplete read: nothing expires', async () => {
    bigBoard(
      server,
      30,
      45,
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    const s = await crawl(server, idx.file, [ORBIT], T0 + DAY);
    expect(s.boards[0]).toMatchObject({ state: 'anomaly', expired: 0 });
    expect(s.boards[0]!.error).toMatch(/incomplete read: the board states 45 postings, the answer held 30/);
  });

  it('an empty board, a truncated page or an error page expires nothing', async () => {
    server.fault('workday', ORBIT.token, { empty: true });
    expect((await crawl(server, idx.file, [ORBIT], T0 + DAY)).boards[0]).toMatchObject({
      state: 'anomaly',
      expired: 0,
    });
    server.fault('workday', ORBIT.token, { truncate: true });
    expect((await crawl(server, idx.file, [ORBIT], T0 + 2 * DAY)).boards[0]).toMatchObject({
      state: 'error',
      expired: 0,
    });
    server.fault('workday', ORBIT.token, { status: 500 });
    expect((await crawl(server, idx.file, [ORBIT], T0 + 3 * DAY)).boards[0]).toMatchObject({
      state: 'error',
      expired: 0,
      error: 'HTTP 500',
    });
    expect(readJobs(idx.file).filter((j) => j.status === 'active')).toHaveLength(45);
  });
});
