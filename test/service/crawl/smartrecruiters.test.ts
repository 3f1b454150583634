import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawl, fixture, readJobs, readLocations, tempIndex } from './crawl-harness.js';
import { ReplayServer } from './replay-server.js';

// SmartRecruiters lists postings without descriptions: each new or changed posting's detail is read.
describe('smartrecruiters adapter (own fixture: a listing and its details)', () => {
  let server: ReplayServer;
  const idx = tempIndex();
  const BOARD = { platform: 'smartrecruiters', token: 'AcmeCo' } as const;

  beforeAll(async () => {
    server = await ReplayServer.start();
    server.setBoard('smartrecruiters', 'AcmeCo', fixture('smartrecruiters-acme.json'));
    const details = JSON.parse(fixture('smartrecruiters-acme-details.json')) as Record<string, unknown>;
    for (const [id, d] of Object.entries(details)) server.setDetail('AcmeCo', id, d);
  });
  afterAll(async () => {
    await server.close();
    idx.cleanup();
  });

  it('imports postings whose detail has a description, with their fields', async () => {
    const s = await crawl(server, idx.file, [BOARD]);
    // Posting 903 has no detail (404): no description, skipped, not invented.
    expect(s.boards[0]).toMatchObject({ state: 'ok', added: 2, postings: 3, skipped: { no_description: 1 } });
    const jobs = readJobs(idx.file);
    const one = jobs.find((j) => j.title === 'Field Technician 1')!;
    expect(one.company_name).toBe('Acme Co');
    expect(one.html).toContain('<p>Acme Co builds lifts.</p>');
    expect(one.apply_url).toBe('https://jobs.smartrecruiters.com/AcmeCo/901-field-technician?oga=true');
    expect([one.salary_min, one.salary_max, one.salary_currency, one.salary_period]).toEqual([
      38000,
      42000,
      'EUR',
      'year',
    ]);
    expect(one.employment_type).toBe('full_time');
    expect(readLocations(idx.file, one.id)[0]).toMatchObject({ city: 'Lyon', country: 'FR' });
    const two = jobs.find((j) => j.title === 'Field Technician 2')!;
    expect([two.remote, two.work_mode]).toEqual([1, 'remote']);
  });

  it('a re-crawl with nothing changed reads no detail again and writes nothing', async () => {
    const before = server.requests.length;
    const s = await crawl(server, idx.file, [BOARD]);
    expect(s.boards[0]).toMatchObject({ added: 0, updated: 0, expired: 0, unchanged: 2 });
    // The listing, and the detail of the one posting that still has none.
    expect(server.requests.slice(before).map((r) => r.path)).toEqual([
      '/v1/companies/AcmeCo/postings?limit=100&offset=0',
      '/v1/companies/AcmeCo/postings/903',
    ]);
  });
});
