import { afterAll, describe, expect, it } from 'vitest';
import { IndexWriter } from '#service/index-db/write/index-writer';
import { refreshStats } from '#service/index-db/write/refresh-stats';
import { FIXTURE, openFixture } from '../../helpers/fixture.js';

// SpellingService over the router, as every client calls it (docs/decisions/spelling.md).

const SUGGEST = '/svc.spelling.v1.SpellingService/Suggest';
const h = openFixture({ writable: true });
afterAll(() => h.close());

describe('SpellingService.Suggest', () => {
  it('answers a corrected query, with the jobs the suggestion holds', async () => {
    const res = await h.postJson(SUGGEST, { query: 'Nurce london' });
    expect(res.status).toBe(200);
    const docs = h.db.prepare("SELECT docs FROM search_terms WHERE term = 'nurse'").pluck().get() as number;
    expect(res.body.suggestions[0]).toEqual({
      query: 'nurse london',
      replacements: [{ word: 'nurce', suggestion: 'nurse', jobs: docs }],
    });
  });

  it('answers no suggestions for a blank or a well-spelt query', async () => {
    expect((await h.postJson(SUGGEST, { query: '  ' })).body).toEqual({ suggestions: [] });
    expect((await h.postJson(SUGGEST, { query: 'nurse' })).body).toEqual({ suggestions: [] });
  });

  it('refuses a query longer than List accepts, naming the field', async () => {
    const res = await h.postJson(SUGGEST, { query: 'a'.repeat(201) });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/query: must be at most 200 characters/);
  });

  it('learns the words a sync brings', async () => {
    expect((await h.postJson(SUGGEST, { query: 'quokkaa' })).body).toEqual({ suggestions: [] });
    const w = new IndexWriter(h.db);
    const company = h.db.prepare('SELECT id FROM companies LIMIT 1').pluck().get() as string;
    const T = FIXTURE.now + 3_600_000;
    w.transaction(() => {
      for (let i = 0; i < 3; i++) {
        w.upsertJob({
          id: `f0000000-0000-4000-8000-00000000000${i}`,
          slug: '',
          title: 'Quokka Keeper',
          companyId: company,
          locations: [],
          remote: true,
          workMode: 'remote',
          employmentType: 'full_time',
          seniority: 'mid',
          descriptionHtml: '<p>Fly.</p>',
          sourceType: 'ats',
          sourcePlatform: 'lever',
          status: 'active',
          discoveredAt: T + i * 1000,
          lastSeenAt: T,
          lastScrapedAt: T,
          lastVerifiedAt: T,
        });
      }
    });
    refreshStats(h.db, T);
    const res = await h.postJson(SUGGEST, { query: 'quokkaa' });
    expect(res.body.suggestions[0].query).toBe('quokka');
  });
});
