import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseBoardRef, type BoardRef } from '#shared/rules/board-ref';
import { crawl, fixture, readJobs, readLocations, tempIndex } from './crawl-harness.js';
import { REALJOBS_DIR } from './realjobs.js';
import { ReplayServer } from './replay-server.js';

// Own fixture in Personio's shape: GET {company}.jobs.personio.de/xml → <workzag-jobs> of
// <position> (id, name, office, additionalOffices, employmentType, schedule, createdAt,
// jobDescriptions of name + CDATA HTML), as the real trimmed capture in realjobs/more shows it.
const MORE = join(REALJOBS_DIR, 'more');
const ACME: BoardRef = { platform: 'personio', token: 'acme' };
const T0 = Date.parse('2026-09-01T00:00:00Z');
const DAY = 86_400_000;
const FEED = fixture('personio-acme.xml');
/** The feed without its second position. */
const ONE = FEED.replace(/<position>\s*<id>2002<\/id>[\s\S]*?<\/position>\s*/, '');

describe('personio adapter (own fixture: the XML feed)', () => {
  let server: ReplayServer;
  const idx = tempIndex();
  beforeAll(async () => {
    server = await ReplayServer.start();
    server.setBoard('personio', 'acme', FEED);
  });
  afterAll(async () => {
    await server.close();
    idx.cleanup();
  });

  it('follows a careers URL: acme.jobs.personio.de (or .com), its /xml, a posting’s page', () => {
    expect(parseBoardRef('https://acme.jobs.personio.de/')).toEqual(ACME);
    expect(parseBoardRef('https://acme.jobs.personio.com/job/2001?language=en')).toEqual(ACME);
    expect(parseBoardRef('acme.jobs.personio.de/xml')).toEqual(ACME);
    expect(parseBoardRef('personio:acme')).toEqual(ACME);
    expect(() => parseBoardRef('personio:acme.evil')).toThrow(/no board token/);
  });

  it('reads every position with its offices, sections, schedule and date', async () => {
    const s = await crawl(server, idx.file, [ACME], T0);
    expect(s.boards[0]).toMatchObject({ state: 'ok', added: 2, postings: 2 });
    expect(server.requests.map((r) => r.path)).toEqual(['/acme/xml']);
    const jobs = readJobs(idx.file);
    const a = jobs.find((j) => j.title === 'Backend Engineer (m/w/d)')!;
    expect(a.html).toContain('<h3>Your mission</h3>');
    expect(a.html).toContain('Build our payroll engine.');
    expect([a.employment_type, a.salary_min, a.salary_max, a.salary_currency]).toEqual([
      'full_time',
      70000,
      85000,
      'EUR',
    ]);
    expect(a.posting_url).toBe('https://acme.jobs.personio.de/job/2001');
    expect(a.posted_at).toBe(Date.parse('2026-08-20T07:00:00Z'));
    expect(readLocations(idx.file, a.id).map((l) => [l.city, l.country])).toEqual([
      ['Munich', 'DE'],
      ['Berlin', 'DE'],
    ]);
    const b = jobs.find((j) => j.title === 'Werkstudent Marketing')!;
    // A working student ("Werkstudent", working_student) is read by the shared rules as internship.
    expect(b.employment_type).toBe('internship');
    expect(readLocations(idx.file, b.id)[0]).toMatchObject({ city: 'Vienna', country: 'AT' });
  });
});

describe('personio completeness', () => {
  let server: ReplayServer;
  let idx: ReturnType<typeof tempIndex>;
  beforeEach(async () => {
    server = await ReplayServer.start();
    idx = tempIndex();
    server.setBoard('personio', 'acme', FEED);
    expect((await crawl(server, idx.file, [ACME], T0)).boards[0]).toMatchObject({ state: 'ok', added: 2 });
  });
  afterEach(async () => {
    await server.close();
    idx.cleanup();
  });

  it('a whole feed expires the position it no longer holds', async () => {
    server.setBoard('personio', 'acme', ONE);
    const s = await crawl(server, idx.file, [ACME], T0 + DAY);
    expect(s.boards[0]).toMatchObject({ state: 'ok', expired: 1, unchanged: 1 });
  });

  it('an empty feed, a cut feed or an error page expires nothing', async () => {
    server.fault('personio', 'acme', { empty: true });
    expect((await crawl(server, idx.file, [ACME], T0 + DAY)).boards[0]).toMatchObject({ state: 'anomaly', expired: 0 });
    server.fault('personio', 'acme', { truncate: true });
    const cut = (await crawl(server, idx.file, [ACME], T0 + 2 * DAY)).boards[0]!;
    expect(cut).toMatchObject({ state: 'error', expired: 0 });
    expect(cut.error).toMatch(/not a whole <workzag-jobs> feed/);
    server.fault('personio', 'acme', { status: 500 });
    expect((await crawl(server, idx.file, [ACME], T0 + 3 * DAY)).boards[0]).toMatchObject({
      state: 'error',
      expired: 0,
      error: 'HTTP 500',
    });
    expect(readJobs(idx.file).filter((j) => j.status === 'active')).toHaveLength(2);
  });
});

describe('personio: the real trimmed capture (../shared/data/realjobs/more)', () => {
  let server: ReplayServer;
  const idx = tempIndex();
  beforeAll(async () => {
    server = await ReplayServer.start();
    if (existsSync(MORE))
      server.setBoard(
        'personio',
        'personio',
        readFileSync(join(MORE, 'personio-personio-ergontracker-fixture.xml'), 'utf8'),
      );
  });
  afterAll(async () => {
    await server.close();
    idx.cleanup();
  });

  it('reads its one position; with no description text it is skipped, never written half-empty', async () => {
    expect(existsSync(MORE), `../shared absent: ${MORE} holds the real Personio capture`).toBe(true);
    const s = await crawl(server, idx.file, [{ platform: 'personio', token: 'personio' }], T0);
    expect(s.boards[0]).toMatchObject({ state: 'ok', postings: 1, added: 0, skipped: { no_description: 1 } });
    expect(readJobs(idx.file)).toEqual([]);
  });
});
