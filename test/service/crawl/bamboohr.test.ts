import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseBoardRef, type BoardRef } from '#shared/rules/board-ref';
import { crawl, fixture, readJobs, readLocations, tempIndex } from './crawl-harness.js';
import { REALJOBS_DIR } from './realjobs.js';
import { ReplayServer } from './replay-server.js';

// Own fixture in BambooHR's shape: GET {company}.bamboohr.com/careers/list → {meta:{totalCount},
// result:[…]} (no descriptions), and GET /careers/{id}/detail → {result:{jobOpening:{description,
// jobOpeningShareUrl, datePosted, compensation}}} — the list field for field as the real trimmed
// capture in ../shared/data/realjobs/more shows it.
const MORE = join(REALJOBS_DIR, 'more');
const ACME: BoardRef = { platform: 'bamboohr', token: 'acme' };
const T0 = Date.parse('2026-09-01T00:00:00Z');
const DAY = 86_400_000;

interface Fixture {
  list: { meta: { totalCount: number }; result: Array<{ id: string }> };
  details: Record<string, unknown>;
}

function serve(server: ReplayServer, keep?: (id: string) => boolean, totalCount?: number): Fixture {
  const f = JSON.parse(fixture('bamboohr-acme.json')) as Fixture;
  const result = f.list.result.filter((r) => !keep || keep(r.id));
  server.setBoard('bamboohr', 'acme', { meta: { totalCount: totalCount ?? result.length }, result });
  for (const [id, d] of Object.entries(f.details)) server.setBambooDetail('acme', id, d);
  return f;
}

describe('bamboohr adapter (own fixture: the list and each posting’s detail)', () => {
  let server: ReplayServer;
  const idx = tempIndex();
  beforeAll(async () => {
    server = await ReplayServer.start();
    serve(server);
  });
  afterAll(async () => {
    await server.close();
    idx.cleanup();
  });

  it('follows a careers URL: acme.bamboohr.com/careers, a posting’s page, bamboohr:acme', () => {
    expect(parseBoardRef('https://acme.bamboohr.com/careers')).toEqual(ACME);
    expect(parseBoardRef('acme.bamboohr.com/careers/101')).toEqual(ACME);
    expect(parseBoardRef('https://acme.bamboohr.com/jobs/')).toEqual(ACME);
    expect(parseBoardRef('bamboohr:acme')).toEqual(ACME);
    expect(() => parseBoardRef('bamboohr:acme.evil')).toThrow(/no board token/);
    expect(() => parseBoardRef('https://www.bamboohr.com/careers')).toThrow(/not a known careers URL/);
  });

  it('reads the list, then each posting’s detail, and keeps what they state', async () => {
    const s = await crawl(server, idx.file, [ACME], T0);
    expect(s.boards[0]).toMatchObject({ state: 'ok', added: 3, postings: 3 });
    const paths = server.requests.map((r) => r.path);
    expect(paths).toContain('/acme/careers/list');
    for (const id of ['101', '102', '103']) expect(paths).toContain(`/acme/careers/${id}/detail`);
    const jobs = readJobs(idx.file);
    const a = jobs.find((j) => j.title === 'Senior Backend Engineer')!;
    expect([a.employment_type, a.salary_min, a.salary_max, a.salary_currency, a.salary_period]).toEqual([
      'full_time',
      70000,
      85000,
      'EUR',
      'year',
    ]);
    expect(a.html).toContain('Build the services');
    expect(a.posting_url).toBe('https://acme.bamboohr.com/careers/101');
    expect(a.posted_at).toBe(Date.parse('2026-08-20T00:00:00Z'));
    expect(readLocations(idx.file, a.id)[0]).toMatchObject({ city: 'Berlin', country: 'DE' });
    const b = jobs.find((j) => j.title === 'Customer Support Specialist')!;
    expect([b.employment_type, b.remote]).toEqual(['part_time', 1]);
    expect(readLocations(idx.file, b.id)[0]).toMatchObject({ country: 'CA' });
    // No place, no remote flag, a date that is no date, no pay: all stay unknown.
    const c = jobs.find((j) => j.title === 'Dispatch Coordinator')!;
    expect([c.employment_type, c.remote, c.posted_at, c.salary_min]).toEqual(['contract', null, null, null]);
    expect(readLocations(idx.file, c.id)).toEqual([]);
  });

  it('a re-crawl with nothing changed reads no detail again and writes nothing', async () => {
    const before = server.requests.length;
    const s = await crawl(server, idx.file, [ACME], T0 + DAY);
    expect(s.boards[0]).toMatchObject({ state: 'ok', added: 0, updated: 0, unchanged: 3 });
    expect(server.requests.slice(before).map((r) => r.path)).toEqual(['/acme/careers/list']);
  });
});

describe('bamboohr completeness', () => {
  let server: ReplayServer;
  let idx: ReturnType<typeof tempIndex>;
  beforeEach(async () => {
    server = await ReplayServer.start();
    idx = tempIndex();
    serve(server);
    expect((await crawl(server, idx.file, [ACME], T0)).boards[0]).toMatchObject({ state: 'ok', added: 3 });
  });
  afterEach(async () => {
    await server.close();
    idx.cleanup();
  });

  it('a complete read expires the posting it no longer lists', async () => {
    serve(server, (id) => id !== '103');
    const s = await crawl(server, idx.file, [ACME], T0 + DAY);
    expect(s.boards[0]).toMatchObject({ state: 'ok', expired: 1, unchanged: 2 });
    expect(readJobs(idx.file).find((j) => j.title === 'Dispatch Coordinator')!.status).toBe('expired');
  });

  it('fewer postings than totalCount states is an incomplete read: nothing expires', async () => {
    serve(server, (id) => id !== '103', 3);
    const s = await crawl(server, idx.file, [ACME], T0 + DAY);
    expect(s.boards[0]).toMatchObject({ state: 'anomaly', expired: 0 });
    expect(s.boards[0]!.error).toMatch(/incomplete read: the board states 3 postings, the answer held 2/);
  });

  it('an empty board, a truncated list or an error page expires nothing', async () => {
    server.fault('bamboohr', 'acme', { empty: true });
    expect((await crawl(server, idx.file, [ACME], T0 + DAY)).boards[0]).toMatchObject({ state: 'anomaly', expired: 0 });
    server.fault('bamboohr', 'acme', { truncate: true });
    expect((await crawl(server, idx.file, [ACME], T0 + 2 * DAY)).boards[0]).toMatchObject({
      state: 'error',
      expired: 0,
    });
    server.fault('bamboohr', 'acme', { status: 500 });
    expect((await crawl(server, idx.file, [ACME], T0 + 3 * DAY)).boards[0]).toMatchObject({
      state: 'error',
      expired: 0,
      error: 'HTTP 500',
    });
    expect(readJobs(idx.file).filter((j) => j.status === 'active')).toHaveLength(3);
  });
});

describe('bamboohr: the real trimmed capture (../shared/data/realjobs/more)', () => {
  let server: ReplayServer;
  const idx = tempIndex();
  const ACA: BoardRef = { platform: 'bamboohr', token: 'aca' };
  beforeAll(async () => {
    server = await ReplayServer.start();
    if (existsSync(MORE))
      server.setBoard('bamboohr', 'aca', readFileSync(join(MORE, 'bamboohr-aca-ergontracker-fixture.json'), 'utf8'));
    // The capture holds the list only: each detail is an own one in the platform's shape.
    for (const id of ['39', '41', '44'])
      server.setBambooDetail('aca', id, { result: { jobOpening: { description: `<p>Posting ${id}.</p>` } } });
  });
  afterAll(async () => {
    await server.close();
    idx.cleanup();
  });

  it('all three postings, placed by what each states (location or atsLocation), the remote one remote', async () => {
    expect(existsSync(MORE), `../shared absent: ${MORE} holds the real BambooHR capture`).toBe(true);
    const s = await crawl(server, idx.file, [ACA], T0);
    expect(s.boards[0]).toMatchObject({ state: 'ok', added: 3, postings: 3 });
    const jobs = readJobs(idx.file);
    const byTitle = (t: string) => jobs.find((j) => j.title === t)!;
    const engineer = byTitle('Aircraft Maintenance Engineer');
    expect(engineer.employment_type).toBe('full_time');
    expect(readLocations(idx.file, engineer.id)[0]).toMatchObject({ country: 'CA', region: 'AB' });
    const paramedic = byTitle('Advanced Care Paramedic - Flights');
    expect(paramedic.employment_type).toBe('part_time');
    expect(readLocations(idx.file, paramedic.id)[0]).toMatchObject({ city: 'Edmonton', country: 'CA' });
    const dispatch = byTitle('Remote Dispatch Coordinator');
    expect([dispatch.employment_type, dispatch.remote]).toEqual(['internship', 1]);
    expect(readLocations(idx.file, dispatch.id)).toEqual([]);
  });
});
