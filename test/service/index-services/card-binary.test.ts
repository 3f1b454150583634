// Cards encoded without reflection (electron/service/index-services/card-binary.ts) must be the very bytes
// protobuf-es writes, and a binary client must read the same pages as a JSON one.
import { create, toBinary } from '@bufbuild/protobuf';
import { BinaryWriter } from '@bufbuild/protobuf/wire';
import { createClient } from '@connectrpc/connect';
import { afterAll, describe, expect, it } from 'vitest';
import { CompaniesService } from '#shared/gen/svc/companies/v1/companies_pb';
import { JobCardSchema } from '#shared/gen/svc/jobs/v1/job_pb';
import { JobsService } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { CARD_COLUMNS, type CardRow } from '../../../electron/service/index-db/search/card-row.js';
import { createInMemoryTransport } from '#service/rpc/in-memory-transport';
import { encodeCards } from '../../../electron/service/index-services/card-binary.js';
import { jobCard } from '../../../electron/service/index-db/wire.js';
import { openFixture } from '../../helpers/fixture.js';

const h = openFixture();
afterAll(() => h.close());

/** What protobuf-es writes for one `repeated JobCard` entry: the length, then the card. */
const reference = (row: CardRow) =>
  new BinaryWriter().bytes(toBinary(JobCardSchema, create(JobCardSchema, jobCard(row)))).finish();

const allRows = h.db.prepare(`SELECT ${CARD_COLUMNS} FROM jobs j ORDER BY j.rid`).all() as CardRow[];

describe('encodeCards', () => {
  it('writes the bytes toBinary writes, for every job of the fixture index', () => {
    const encoded = encodeCards(allRows);
    expect(encoded).toHaveLength(allRows.length);
    const mismatched = allRows.filter((row, i) => Buffer.compare(encoded[i]!, reference(row)) !== 0).map((r) => r.id);
    expect(mismatched).toEqual([]);
    // The fixture has both salary shapes and both remote values (no slug-less company: see below).
    expect(allRows.some((r) => r.salary_min === null)).toBe(true);
    expect(allRows.some((r) => r.salary_min !== null)).toBe(true);
    expect(new Set(allRows.map((r) => r.remote))).toEqual(new Set([0, 1]));
  });

  it('handles text outside ASCII, long fields, zero and negative numbers, whole seconds', () => {
    const base = allRows[0]!;
    const odd: CardRow[] = [
      {
        ...base,
        title: 'Développeuse · 東京 · 🚀 Rust',
        company_name: 'Ærø Ølhus',
        snippet: 'é'.repeat(5000),
        location_text: '',
      },
      { ...base, salary_min: 0, salary_max: 0, salary_currency: '', salary_period: '' },
      { ...base, salary_min: -5, salary_max: 2_147_483_647, remote: 1, company_slug: null },
      { ...base, discovered_at: 1_700_000_000_000, last_verified_at: 1_700_000_000_999 },
      { ...base, salary_min: null, salary_max: null, salary_currency: null, salary_period: null, occupation: null },
    ];
    const encoded = encodeCards(odd);
    odd.forEach((row, i) =>
      expect(Buffer.from(encoded[i]!).toString('hex')).toBe(Buffer.from(reference(row)).toString('hex')),
    );
  });

  it('encodes an empty page as nothing', () => {
    expect(encodeCards([])).toEqual([]);
  });
});

describe('binary answers carry the same pages as JSON ones', () => {
  const binary = createInMemoryTransport(h.handlers, { binary: true });
  const jobs = createClient(JobsService, binary);
  const companies = createClient(CompaniesService, binary);

  it('List, across pages and sorts', async () => {
    for (const query of [
      { limit: 100 },
      { query: 'engineer', filters: { country: 'US' }, limit: 7 },
      { filters: { workMode: 'hybrid', sort: 'salary_desc' }, limit: 50 },
    ]) {
      const first = await jobs.list({ query });
      expect(first).toEqual(await h.jobs.list({ query }));
      expect(first.data.length).toBeGreaterThan(0);
      expect(first.$unknown ?? []).toEqual([]);
      const cursor = first.pagination!.nextCursor!;
      expect(await jobs.list({ query: { ...query, cursor } })).toEqual(
        await h.jobs.list({ query: { ...query, cursor } }),
      );
    }
  });

  it('GetSimilar and a company’s ListJobs', async () => {
    const { id } = (await h.jobs.list({ query: { limit: 1 } })).data[0]!;
    const similar = await jobs.getSimilar({ id, limit: 10 });
    expect(similar.data.length).toBeGreaterThan(0);
    expect(similar).toEqual(await h.jobs.getSimilar({ id, limit: 10 }));
    const company = (await h.companies.list({ limit: 1 })).data[0]!;
    const page = await companies.listJobs({ id: company.id, limit: 20 });
    expect(page.data.length).toBeGreaterThan(0);
    expect(page).toEqual(await h.companies.listJobs({ id: company.id, limit: 20 }));
  });
});
