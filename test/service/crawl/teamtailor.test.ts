import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBoardRef } from '#shared/rules/board-ref';
import { teamtailor } from '../../../electron/service/crawl/platforms/teamtailor.js';
import { crawl, fixture, readJobs, readLocations, tempIndex } from './crawl-harness.js';
import { REALJOBS_DIR } from './realjobs.js';
import { ReplayServer } from './replay-server.js';

// Own fixture in Teamtailor's shape: GET {company}.teamtailor.com/jobs.json, a JSON Feed 1.1
// (jsonfeed.org) whose items carry `_jobposting`, a schema.org JobPosting (schema.org/JobPosting:
// employmentType, jobLocation PostalAddress, jobLocationType TELECOMMUTE, baseSalary
// MonetaryAmount) — the shape the real trimmed capture in ../shared/data/realjobs/more shows.
const MORE = join(REALJOBS_DIR, 'more');

describe('teamtailor adapter', () => {
  let server: ReplayServer;
  const idx = tempIndex();
  beforeAll(async () => {
    server = await ReplayServer.start();
    server.setBoard('teamtailor', 'acme', fixture('teamtailor-acme.json'));
    if (existsSync(MORE))
      server.setBoard(
        'teamtailor',
        '1komma5',
        readFileSync(join(MORE, 'teamtailor-1komma5-ergontracker-fixture.json'), 'utf8'),
      );
  });
  afterAll(async () => {
    await server.close();
    idx.cleanup();
  });

  it('follows a careers host: acme.teamtailor.com', () => {
    expect(parseBoardRef('https://acme.teamtailor.com/jobs/100001-solar-installer')).toEqual({
      platform: 'teamtailor',
      token: 'acme',
    });
    expect(() => parseBoardRef('teamtailor:acme.evil')).toThrow(/no board token/);
  });

  it('own fixture: the feed’s items with their schema.org fields', async () => {
    const s = await crawl(server, idx.file, [{ platform: 'teamtailor', token: 'acme' }]);
    expect(s.boards[0]).toMatchObject({ state: 'ok', added: 2 });
    expect(server.requests.map((r) => r.path)).toContain('/acme/jobs.json');
    const jobs = readJobs(idx.file);
    const a = jobs.find((j) => j.title === 'Solar Installer')!;
    expect([a.employment_type, a.salary_min, a.salary_max, a.salary_currency, a.salary_period]).toEqual([
      'full_time',
      42000,
      48000,
      'EUR',
      'year',
    ]);
    expect(a.company_name).toBe('Acme Energy GmbH');
    expect(a.posting_url).toBe('https://acme.teamtailor.com/jobs/100001-solar-installer');
    expect(a.posted_at).toBe(Date.parse('2026-08-20T07:00:00Z'));
    expect(readLocations(idx.file, a.id)[0]).toMatchObject({ city: 'Berlin', country: 'DE' });
    const b = jobs.find((j) => j.title === 'Customer Advisor')!;
    expect([b.employment_type, b.remote, b.work_mode]).toEqual(['part_time', 1, 'remote']);
  });

  it('a paged feed is followed by its next_url', () => {
    expect(
      teamtailor.nextPath!(
        { items: [], next_url: 'https://acme.teamtailor.com/jobs.json?page=2' },
        { platform: 'teamtailor', token: 'acme' },
        30,
      ),
    ).toBe('/jobs.json?page=2');
    expect(teamtailor.nextPath!({ items: [] }, { platform: 'teamtailor', token: 'acme' }, 30)).toBeUndefined();
  });

  it('the real trimmed capture (1KOMMA5° Sverige, ../shared/data/realjobs/more): both postings, in Sweden', async () => {
    expect(existsSync(MORE), `../shared absent: ${MORE} holds the real Teamtailor capture`).toBe(true);
    const s = await crawl(server, idx.file, [{ platform: 'teamtailor', token: '1komma5' }]);
    expect(s.boards[0]).toMatchObject({ state: 'ok', added: 2 });
    const jobs = readJobs(idx.file).filter((j) => j.company_name === '1KOMMA5° Sverige');
    expect(jobs).toHaveLength(2);
    for (const j of jobs) expect(readLocations(idx.file, j.id)[0]).toMatchObject({ country: 'SE' });
    expect(jobs.map((j) => j.title)).toContain('Utesäljare energilösningar till 1KOMMA5° i Stockholm');
  });
});
