// JobsService.GetExportFields (ours, docs/decisions/export.md): what a search export adds to each
// card — every location and the apply URL — for one page of ids in one call.
import { afterAll, describe, expect, it } from 'vitest';
import { openFixture } from '../../helpers/fixture.js';

const h = openFixture();
afterAll(() => h.close());

const PATH = '/svc.jobs.v1.JobsService/GetExportFields';

function ids(sql: string): string[] {
  return h.db.prepare(sql).pluck().all() as string[];
}

describe('GetExportFields', () => {
  it('answers each job’s locations and apply URL as its detail states them, in the order asked', async () => {
    const several = ids(
      `SELECT j.id FROM jobs j WHERE (SELECT count(*) FROM job_locations l WHERE l.job_rid = j.rid) > 1 AND j.apply_url IS NOT NULL LIMIT 3`,
    );
    const plain = ids('SELECT id FROM jobs ORDER BY rid DESC LIMIT 2');
    expect(several).toHaveLength(3);
    const asked = [plain[0]!, ...several, plain[1]!];
    const res = await h.jobs.getExportFields({ ids: asked });
    expect(res.data.map((f) => f.id)).toEqual(asked);
    for (const f of res.data) {
      const detail = await h.jobs.get({ id: f.id });
      expect(f.locations).toEqual(detail.locations);
      expect(f.applyUrl).toBe(detail.applyUrl);
    }
    expect(res.data.filter((f) => f.locations.length > 1).length).toBeGreaterThanOrEqual(3);
  });

  it('leaves out an id the index does not hold', async () => {
    const known = ids('SELECT id FROM jobs LIMIT 1')[0]!;
    const res = await h.jobs.getExportFields({ ids: ['00000000-0000-4000-8000-000000000000', known] });
    expect(res.data.map((f) => f.id)).toEqual([known]);
  });

  it.each([
    ['no ids', [], 'ids: must hold 1 to 100 job ids, got 0'],
    [
      '101 ids',
      Array.from({ length: 101 }, () => '00000000-0000-4000-8000-000000000000'),
      'ids: must hold 1 to 100 job ids, got 101',
    ],
    [
      'a malformed id',
      ['00000000-0000-4000-8000-000000000000', 'nope'],
      'ids[1]: must be a job id (a uuid), got "nope"',
    ],
  ])('refuses %s, naming the field', async (_name, asked, message) => {
    const res = await h.postJson(PATH, { ids: asked });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_argument', message });
  });
});
