import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseBoardRef, type BoardRef } from '#shared/rules/board-ref';
import { crawl, fixture, readJobs, readLocations, tempIndex } from './crawl-harness.js';
import { ReplayServer } from './replay-server.js';

// Own fixture in Breezy HR's shape: GET {company}.breezy.hr/json?verbose=true → a bare array of
// positions {id, friendly_id, name, url, published_date, type{id,name}, location{country{id,name},
// state{id,name}, city, name, is_remote}, locations[], department, salary, company{name},
// description}. The field names are Breezy's Position model (developer.breezy.hr) as the public
// careers feed answers it (`verbose=true` adds the description); no real capture exists here.
const ACME: BoardRef = { platform: 'breezy', token: 'acme' };
const T0 = Date.parse('2026-09-01T00:00:00Z');
const DAY = 86_400_000;
type Position = { id: string };
const FEED = JSON.parse(fixture('breezy-acme.json')) as Position[];

describe('breezy adapter (own fixture: the public /json feed)', () => {
  let server: ReplayServer;
  const idx = tempIndex();
  beforeAll(async () => {
    server = await ReplayServer.start();
    server.setBoard('breezy', 'acme', FEED);
  });
  afterAll(async () => {
    await server.close();
    idx.cleanup();
  });

  it('follows a careers URL: acme.breezy.hr, a posting’s /p/ page, its /json, breezy:acme', () => {
    expect(parseBoardRef('https://acme.breezy.hr/')).toEqual(ACME);
    expect(parseBoardRef('acme.breezy.hr/p/a1b2c3d4e5f6-senior-backend-engineer')).toEqual(ACME);
    expect(parseBoardRef('https://acme.breezy.hr/json')).toEqual(ACME);
    expect(parseBoardRef('breezy:acme')).toEqual(ACME);
    expect(() => parseBoardRef('breezy:acme.evil')).toThrow(/no board token/);
    expect(() => parseBoardRef('https://www.breezy.hr/')).toThrow(/not a known careers URL.*Breezy HR/);
  });

  it('reads every position with its places, remote flag, type, pay and date', async () => {
    const s = await crawl(server, idx.file, [ACME], T0);
    expect(s.boards[0]).toMatchObject({ state: 'ok', added: 3, postings: 3 });
    expect(server.requests.map((r) => r.path)).toEqual(['/acme/json?verbose=true']);
    const jobs = readJobs(idx.file);
    expect(new Set(jobs.map((j) => j.company_name))).toEqual(new Set(['Acme Robotics']));
    const a = jobs.find((j) => j.title === 'Senior Backend Engineer')!;
    expect([a.employment_type, a.salary_min, a.salary_max, a.salary_currency, a.salary_period]).toEqual([
      'full_time',
      70000,
      85000,
      'EUR',
      'year',
    ]);
    expect(a.html).toContain('Build the services');
    expect(a.posting_url).toBe('https://acme.breezy.hr/p/a1b2c3d4e5f6-senior-backend-engineer');
    expect(a.posted_at).toBe(Date.parse('2026-08-20T09:30:00Z'));
    expect(a.remote).toBe(0);
    expect(readLocations(idx.file, a.id)[0]).toMatchObject({ city: 'Berlin', country: 'DE' });
    const b = jobs.find((j) => j.title === 'Customer Success Manager')!;
    expect([b.employment_type, b.remote, b.salary_min]).toEqual(['part_time', 1, null]);
    expect(readLocations(idx.file, b.id).map((l) => [l.city, l.country])).toEqual([
      ['Toronto', 'CA'],
      ['Vancouver', 'CA'],
    ]);
    // No place, no date, no pay: all stay unknown.
    const c = jobs.find((j) => j.title === 'Dispatch Coordinator')!;
    expect([c.employment_type, c.posted_at, c.salary_min]).toEqual(['contract', null, null]);
    expect(readLocations(idx.file, c.id)).toEqual([]);
  });

  it('a re-crawl with nothing changed writes nothing', async () => {
    const s = await crawl(server, idx.file, [ACME], T0 + DAY);
    expect(s.boards[0]).toMatchObject({ state: 'ok', added: 0, updated: 0, unchanged: 3 });
  });
});

describe('breezy completeness', () => {
  let server: ReplayServer;
  let idx: ReturnType<typeof tempIndex>;
  beforeEach(async () => {
    server = await ReplayServer.start();
    idx = tempIndex();
    server.setBoard('breezy', 'acme', FEED);
    expect((await crawl(server, idx.file, [ACME], T0)).boards[0]).toMatchObject({ state: 'ok', added: 3 });
  });
  afterEach(async () => {
    await server.close();
    idx.cleanup();
  });

  it('a whole feed expires the position it no longer lists', async () => {
    server.setBoard(
      'breezy',
      'acme',
      FEED.filter((p) => p.id !== 'c3d4e5f6a1b2'),
    );
    const s = await crawl(server, idx.file, [ACME], T0 + DAY);
    expect(s.boards[0]).toMatchObject({ state: 'ok', expired: 1, unchanged: 2 });
    expect(readJobs(idx.file).find((j) => j.title === 'Dispatch Coordinator')!.status).toBe('expired');
  });

  it('an empty feed, a cut read or an error page expires nothing', async () => {
    server.fault('breezy', 'acme', { empty: true });
    expect((await crawl(server, idx.file, [ACME], T0 + DAY)).boards[0]).toMatchObject({ state: 'anomaly', expired: 0 });
    server.fault('breezy', 'acme', { truncate: true });
    expect((await crawl(server, idx.file, [ACME], T0 + 2 * DAY)).boards[0]).toMatchObject({
      state: 'error',
      expired: 0,
    });
    server.fault('breezy', 'acme', { status: 500 });
    expect((await crawl(server, idx.file, [ACME], T0 + 3 * DAY)).boards[0]).toMatchObject({
      state: 'error',
      expired: 0,
      error: 'HTTP 500',
    });
    server.fault('breezy', 'acme', undefined);
    server.setBoard('breezy', 'acme', { positions: FEED });
    const odd = (await crawl(server, idx.file, [ACME], T0 + 4 * DAY)).boards[0]!;
    expect(odd).toMatchObject({ state: 'error', expired: 0 });
    expect(odd.error).toMatch(/not a list of positions/);
    expect(readJobs(idx.file).filter((j) => j.status === 'active')).toHaveLength(3);
  });
});
