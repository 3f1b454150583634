import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawl, fixture, readJobs, readLocations, tempIndex } from './crawl-harness.js';
import { ReplayServer } from './replay-server.js';

// Workable's public widget (our own fixture in its shape): one listing, descriptions included.
describe('workable adapter (own fixture)', () => {
  let server: ReplayServer;
  const idx = tempIndex();
  const BOARD = { platform: 'workable', token: 'acme-robotics' } as const;

  beforeAll(async () => {
    server = await ReplayServer.start();
    server.setBoard('workable', 'acme-robotics', fixture('workable-acme.json'));
  });
  afterAll(async () => {
    await server.close();
    idx.cleanup();
  });

  it('imports every posting with a description, with its fields and shown places', async () => {
    const s = await crawl(server, idx.file, [BOARD]);
    expect(s.boards[0]).toMatchObject({ state: 'ok', added: 3, postings: 4, skipped: { no_description: 1 } });
    expect(server.requests[0]!.path).toBe('/api/v1/widget/accounts/acme-robotics?details=true');
    const jobs = readJobs(idx.file);
    const eng = jobs.find((j) => j.title === 'Robotics Engineer & Tinkerer')!;
    expect(eng.company_name).toBe('Acme Robotics');
    expect([eng.employment_type, eng.remote]).toEqual(['full_time', 0]);
    expect([eng.salary_min, eng.salary_max, eng.salary_currency, eng.salary_period]).toEqual([
      48000,
      60000,
      'EUR',
      'year',
    ]);
    expect(eng.apply_url).toBe('https://apply.workable.com/j/A1B2C3D4E5/apply');
    expect(eng.html).toContain('<li>ROS</li>');
    // The hidden Berlin location is not on the board: not stored.
    expect(readLocations(idx.file, eng.id).map((l) => [l.city, l.country])).toEqual([
      ['Athens', 'GR'],
      ['Nicosia', 'CY'],
    ]);
  });

  it('telecommuting is a remote flag; a structured workplace type beats it; unsafe URLs are dropped', () => {
    const jobs = readJobs(idx.file);
    const support = jobs.find((j) => j.title === 'Support Specialist (Part-time)')!;
    expect([support.remote, support.work_mode, support.employment_type]).toEqual([1, 'remote', 'part_time']);
    expect(support.apply_url).toBe('https://apply.workable.com/j/F6G7H8J9K0');
    const office = jobs.find((j) => j.title === 'Office Manager')!;
    expect([office.remote, office.work_mode, office.employment_type]).toEqual([0, 'onsite', '']);
    expect(readLocations(idx.file, office.id).map((l) => [l.city, l.country])).toEqual([['Athens', 'GR']]);
  });

  it('a re-crawl with nothing changed writes nothing', async () => {
    const s = await crawl(server, idx.file, [BOARD]);
    expect(s.boards[0]).toMatchObject({ state: 'ok', added: 0, updated: 0, expired: 0, unchanged: 3 });
  });
});
