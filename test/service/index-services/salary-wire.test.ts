// Salary amounts are 64-bit end to end (issue #16 item 6: a yearly 3,000,000,000 IDR filters,
// stores, shows and exports), and a job without salary answers `"salary": null` (item 7).
import { createClient } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobsService } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { JobCardSchema } from '#shared/gen/svc/jobs/v1/job_pb';
import { create } from '@bufbuild/protobuf';
import { IndexWriter } from '#service/index-db/write/index-writer';
import { refreshStats } from '#service/index-db/write/refresh-stats';
import { createInMemoryTransport } from '#service/rpc/in-memory-transport';
import { JOB_CARD_EXPORT } from '#shared/export/job-card-shape';
import { csvChunks } from '../../../shared/export/csv-chunks.js';
import { formatSalary } from '#shared/format/salary';
import { FIXTURE, openFixture, type Harness } from '../../helpers/fixture.js';

const LIST = '/svc.jobs.v1.JobsService/List';
const GET = '/svc.jobs.v1.JobsService/Get';
const SIMILAR = '/svc.jobs.v1.JobsService/GetSimilar';
const LIST_JOBS = '/svc.companies.v1.CompaniesService/ListJobs';

const COMPANY = { id: '1d0a0000-0000-4000-8000-00000000c001', slug: 'nusantara-data', name: 'Nusantara Data' };
const RICH = '1d0a0000-0000-4000-8000-0000000a0001'; // IDR 2,500,000,000 – 3,000,000,000 a year
const UNPAID = '1d0a0000-0000-4000-8000-0000000a0002'; // no salary stated
const IDR = { min: 2_500_000_000, max: 3_000_000_000, currency: 'IDR', period: 'year' };

let h: Harness;

beforeAll(() => {
  h = openFixture({ writable: true });
  const w = new IndexWriter(h.db);
  const t = FIXTURE.now - 86_400_000;
  w.transaction(() => {
    w.upsertCompany({
      ...COMPANY,
      website: 'https://nusantara.example',
      logoUrl: '',
      industry: 'Software',
      employeeCountRange: '51-200',
      createdAt: t,
      updatedAt: t,
    });
    for (const [id, title, salary] of [
      [RICH, 'Principal Data Engineer', IDR],
      [UNPAID, 'Data Engineer', undefined],
    ] as const) {
      w.upsertJob({
        id,
        slug: '',
        title,
        companyId: COMPANY.id,
        locations: [{ city: 'Jakarta', country: 'ID', remote: false }],
        remote: false,
        workMode: 'onsite',
        employmentType: 'full_time',
        seniority: 'senior',
        ...(salary ? { salary } : {}),
        descriptionHtml: `<p>${title} in Jakarta.</p>`,
        sourceType: 'ats',
        sourcePlatform: 'lever',
        status: 'active',
        discoveredAt: t,
        lastSeenAt: t,
        lastScrapedAt: t,
        lastVerifiedAt: t,
      });
    }
  });
  refreshStats(h.db, FIXTURE.now);
});
afterAll(() => h?.close());

const ids = (body: { data: Array<{ id: string }> }) => body.data.map((c) => c.id);

describe('64-bit salary amounts', () => {
  it('a yearly 3,000,000,000 IDR is stored as written and filters by both bounds', async () => {
    expect(h.db.prepare('SELECT salary_min, salary_max FROM jobs WHERE id = ?').get(RICH)).toEqual({
      salary_min: 2_500_000_000,
      salary_max: 3_000_000_000,
    });
    const list = (filters: object) =>
      h.postJson(LIST, { query: { filters: { country: 'ID', ...filters }, limit: 100 } });
    const reaches = await list({ salaryMin: 3_000_000_000 });
    expect(reaches.status).toBe(200);
    expect(ids(reaches.body)).toEqual([RICH]);
    expect(ids((await list({ salaryMin: 3_000_000_001 })).body)).toEqual([]);
    expect(ids((await list({ salaryMax: 2_500_000_000 })).body)).toContain(RICH);
    expect(ids((await list({ salaryMax: 2_499_999_999 })).body)).not.toContain(RICH);
  });

  it('cards and details carry the amounts as JSON integers, in JSON and in binary', async () => {
    const list = await h.postJson(LIST, { query: { filters: { companyId: COMPANY.slug, sort: 'salary_desc' } } });
    expect(list.body.data.find((c: { id: string }) => c.id === RICH).salary).toEqual(IDR);
    const detail = await h.postJson(GET, { id: RICH });
    expect(detail.body.salary).toEqual(IDR);
    const binary = createClient(JobsService, createInMemoryTransport(h.handlers, { binary: true }));
    const page = await binary.list({ query: { filters: { companyId: COMPANY.slug, salaryMin: 3_000_000_000 } } });
    expect(page.data.map((c) => ({ id: c.id, min: c.salary?.min, max: c.salary?.max }))).toEqual([
      { id: RICH, min: IDR.min, max: IDR.max },
    ]);
  });

  it('shows and exports the whole amount', async () => {
    const card = create(JobCardSchema, { id: RICH, salary: IDR });
    expect(formatSalary(card.salary).replace(/\s/g, ' ')).toBe('IDR 2,500,000,000–3,000,000,000/yr');
    let csv = '';
    for await (const chunk of csvChunks([{ card, fields: undefined }], JOB_CARD_EXPORT.columns)) csv += chunk;
    expect(csv.split('\r\n')[1]).toContain(',2500000000,3000000000,IDR,year,');
    expect(JOB_CARD_EXPORT.json({ card, fields: undefined })).toMatchObject({ salary: IDR });
  });

  it('refuses amounts a JSON number cannot hold exactly, fractions and strings, naming the field', async () => {
    for (const [salaryMin, says] of [
      [2 ** 53, 'must be a whole number from 0 to 9007199254740991'],
      [1.5, 'must be a whole number'],
      [-1, 'must be a whole number'],
      ['3000000000', 'must be a number'],
      ['NaN', 'must be a number'],
    ] as const) {
      const r = await h.postJson(LIST, { query: { filters: { salaryMin } } });
      expect(r.status, String(salaryMin)).toBe(400);
      expect(r.body.message).toContain(`query.filters.salaryMin: ${says}`);
    }
  });
});

describe('"salary": null', () => {
  it('is written for a card and a detail without salary, in every JSON answer that carries jobs', async () => {
    const list = await h.postJson(LIST, { query: { filters: { companyId: COMPANY.slug } } });
    const cards = Object.fromEntries(list.body.data.map((c: { id: string }) => [c.id, c]));
    expect(cards[UNPAID]).toHaveProperty('salary', null);
    expect(cards[RICH].salary).toEqual(IDR);
    // Where a present salary would be: between seniority and snippet.
    expect(Object.keys(cards[UNPAID]).slice(Object.keys(cards[UNPAID]).indexOf('seniority'), -3)).toEqual([
      'seniority',
      'salary',
      'snippet',
    ]);
    expect((await h.postJson(GET, { id: UNPAID })).body).toHaveProperty('salary', null);
    const byCompany = await h.postJson(LIST_JOBS, { id: COMPANY.slug });
    expect(byCompany.body.data.find((c: { id: string }) => c.id === UNPAID)).toHaveProperty('salary', null);
    const similar = await h.postJson(SIMILAR, { id: RICH, limit: 50 });
    expect(similar.status).toBe(200);
    for (const c of similar.body.data) expect(c.salary === null || typeof c.salary.min === 'number').toBe(true);
  });

  it('is left out of binary answers, as protobuf does, and read back as no salary', async () => {
    const binary = createClient(JobsService, createInMemoryTransport(h.handlers, { binary: true }));
    expect((await binary.get({ id: UNPAID })).salary).toBeUndefined();
    const json = createClient(JobsService, createInMemoryTransport(h.handlers));
    expect((await json.get({ id: UNPAID })).salary).toBeUndefined();
  });

  it('is written in JSON exports too', () => {
    expect(JOB_CARD_EXPORT.json({ card: create(JobCardSchema, { id: UNPAID }), fields: undefined })).toHaveProperty(
      'salary',
      null,
    );
  });
});
