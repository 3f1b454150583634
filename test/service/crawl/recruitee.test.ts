import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recruitee } from '../../../electron/service/crawl/platforms/recruitee.js';
import { crawl, fixture, readJobs, readLocations, tempIndex } from './crawl-harness.js';
import { ReplayServer } from './replay-server.js';

// Recruitee's careers-site API (our own fixture in its shape): one listing, descriptions included.
describe('recruitee adapter (own fixture)', () => {
  let server: ReplayServer;
  const idx = tempIndex();
  const BOARD = { platform: 'recruitee', token: 'acme' } as const;
  const board = JSON.parse(fixture('recruitee-acme.json')) as { offers: Array<{ slug: string }> };
  const job = (title: string) => readJobs(idx.file).find((j) => j.title === title)!;

  beforeAll(async () => {
    server = await ReplayServer.start();
    server.setBoard('recruitee', 'acme', board);
  });
  afterAll(async () => {
    await server.close();
    idx.cleanup();
  });

  it('reads the board named in the path of an overridden base; an offer not published is not on it', async () => {
    const s = await crawl(server, idx.file, [BOARD], Date.parse('2026-06-10T00:00:00Z'));
    expect(s.boards[0]).toMatchObject({ state: 'ok', added: 5, postings: 5, expired: 0 });
    expect(server.requests[0]!.path).toBe('/acme/api/offers/');
    expect(readJobs(idx.file).map((j) => j.title)).not.toContain('Old Draft');
  });

  it('hybrid, with its places, employment type, monthly salary, URLs and times; HTML sanitized', () => {
    const j = job('Logistics Planner');
    expect(j.company_name).toBe('Acme Freight');
    expect([j.remote, j.work_mode, j.employment_type]).toEqual([0, 'hybrid', 'full_time']);
    expect([j.salary_min, j.salary_max, j.salary_currency, j.salary_period]).toEqual([3800, 4600, 'EUR', 'month']);
    expect(readLocations(idx.file, j.id).map((l) => [l.city, l.country])).toEqual([
      ['Rotterdam', 'NL'],
      ['Antwerpen', 'BE'],
    ]);
    expect(j.posting_url).toBe('https://acme.recruitee.com/o/logistics-planner');
    expect(j.apply_url).toBe('https://acme.recruitee.com/o/logistics-planner/c/new');
    expect([j.posted_at, j.source_updated_at]).toEqual([
      Date.parse('2026-05-29T09:45:21Z'),
      Date.parse('2026-06-02T14:10:00Z'),
    ]);
    expect(j.html).toContain('<li>TMS software</li>');
    expect(j.html).toContain('Keep the docks moving.');
    expect(j.html).not.toMatch(/script|onclick/);
  });

  it('remote with a country and no salary; an unsafe apply URL falls back to nothing unsafe', () => {
    const j = job('Customer Success Manager');
    expect([j.remote, j.work_mode, j.employment_type]).toEqual([1, 'remote', 'part_time']);
    expect([j.salary_min, j.salary_currency]).toEqual([null, null]);
    expect(readLocations(idx.file, j.id).map((l) => [l.city, l.country])).toEqual([[null, 'DE']]);
    expect(j.apply_url).not.toMatch(/^javascript:/);
  });

  it('on-site, fixed term, hourly pay', () => {
    const j = job('Warehouse Operator');
    expect([j.remote, j.work_mode, j.employment_type]).toEqual([0, 'onsite', 'temporary']);
    // 16.5 is stored in whole units, as every platform's pay is.
    expect([j.salary_min, j.salary_max, j.salary_currency, j.salary_period]).toEqual([17, 18, 'EUR', 'hour']);
  });

  it('no place, no mode, no type, a salary without figures: all unknown, nothing invented', () => {
    const j = job('Data Analyst');
    expect([j.remote, j.work_mode, j.employment_type, j.salary_min]).toEqual([null, '', '', null]);
    expect(readLocations(idx.file, j.id)).toEqual([]);
    expect(j.apply_url).toBe('https://acme.recruitee.com/o/data-analyst');
  });

  it('a lone `remote` (older answers) is a remote flag', () => {
    const j = job('Sales Representative');
    expect([j.remote, j.work_mode, j.employment_type]).toEqual([1, 'remote', 'contract']);
    expect(readLocations(idx.file, j.id).map((l) => [l.city, l.country])).toEqual([['Utrecht', 'NL']]);
  });

  it('several work modes set say nothing structured', () => {
    const read = recruitee.read(
      { offers: [{ id: 1, title: 'Driver', remote: true, hybrid: true, on_site: false, description: '<p>x</p>' }] },
      BOARD,
    );
    expect(read.postings[0]).not.toHaveProperty('workplace');
    expect(read.postings[0]).not.toHaveProperty('remoteFlag');
  });

  it('an offer without id or slug is a malformed board', () => {
    expect(() => recruitee.read({ offers: [{ title: 'Nobody' }] }, BOARD)).toThrow(/offers\[0\] has no id/);
    expect(() => recruitee.read({ jobs: [] }, BOARD)).toThrow(/no "offers" list/);
  });

  it('a re-crawl with nothing changed writes nothing', async () => {
    const s = await crawl(server, idx.file, [BOARD], Date.parse('2026-06-11T00:00:00Z'));
    expect(s.boards[0]).toMatchObject({ state: 'ok', added: 0, updated: 0, expired: 0, unchanged: 5 });
  });

  it('an offer missing from a complete read expires', async () => {
    server.setBoard('recruitee', 'acme', { offers: board.offers.filter((o) => o.slug !== 'data-analyst') });
    const s = await crawl(server, idx.file, [BOARD], Date.parse('2026-06-12T00:00:00Z'));
    expect(s.boards[0]).toMatchObject({ state: 'ok', added: 0, updated: 0, expired: 1, unchanged: 4 });
    expect([job('Data Analyst').status, job('Logistics Planner').status]).toEqual(['expired', 'active']);
  });
});
