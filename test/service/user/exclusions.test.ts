import { Code, ConnectError } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '../../../electron/service/index-db/search/job-search.js';
import { DAY, UserHarness } from './harness.js';

let h: UserHarness;
beforeAll(() => {
  h = new UserHarness();
});
afterAll(() => h.close());

const PLANS: Array<Plan['kind']> = ['fts-walk', 'table-walk', 'index-walk', 'fts-materialize'];

describe('hidden jobs and blocked companies leave local search at once', () => {
  it('hides a job from every page under every plan, page sizes and cursors intact, and undoes it', async () => {
    const all = await h.walk({ query: 'engineer' }, 50);
    const victims = [all[0]!, all[30]!, all[31]!, all.at(-1)!];
    for (const id of victims) await h.hiding.hideJob({ jobId: id });
    for (const plan of PLANS) {
      h.usePlan(plan);
      for (const sort of ['relevance', 'salary_desc']) {
        const got = await h.walk({ query: 'engineer', filters: { sort } }, 50);
        expect(new Set(got).size).toBe(got.length);
        expect(got.filter((id) => victims.includes(id))).toEqual([]);
        expect(got.length).toBe(all.length - victims.length);
      }
      // A full page is still full.
      const page = await h.jobs.list({ query: { query: 'engineer', limit: 25 } });
      expect(page.data.length).toBe(25);
    }
    h.usePlan(undefined);
    await h.hiding.unhideJob({ jobId: victims[0]! });
    expect((await h.walk({ query: 'engineer' }, 100)).length).toBe(all.length - victims.length + 1);
    for (const id of victims.slice(1)) await h.hiding.unhideJob({ jobId: id });
  });

  it('blocks a company from results and the company filter, and lifts the block', async () => {
    const page = (await h.jobs.list({ query: { limit: 100 } })).data;
    const slug = page[0]!.companySlug!;
    const before = await h.walk();
    const theirs = await h.walk({ filters: { companyId: slug } });
    expect(theirs.length).toBeGreaterThan(0);
    const { company } = await h.hiding.blockCompany({ companySlug: slug.toUpperCase() });
    expect(company!.companySlug).toBe(slug);
    expect(company!.companyName).toBe(page[0]!.companyName);
    const after = await h.walk();
    expect(after.length).toBe(before.length - theirs.length);
    expect(after.some((id) => theirs.includes(id))).toBe(false);
    expect(await h.walk({ filters: { companyId: slug } })).toEqual([]);
    const listed = await h.hiding.list({});
    expect(listed.companies.map((c) => c.companySlug)).toEqual([slug]);
    expect((await h.hiding.unblockCompany({ companySlug: slug })).removed).toBe(true);
    expect((await h.walk()).length).toBe(before.length);
  });

  it('lists hidden jobs with title, company and reason', async () => {
    const [card] = (await h.jobs.list({ query: { limit: 1 } })).data;
    await h.hiding.hideJob({ jobId: card!.id });
    const { jobs } = await h.hiding.list({});
    expect(jobs.map((j) => [j.jobId, j.title, j.companyName, j.reason])).toEqual([
      [card!.id, card!.title, card!.companyName, 'hidden'],
    ]);
    await h.hiding.unhideJob({ jobId: card!.id });
    expect((await h.hiding.list({})).jobs).toEqual([]);
  });

  it('hides a job reported expired at once', async () => {
    const [card] = (await h.jobs.list({ query: { limit: 1 } })).data;
    await h.reports.create({ jobId: card!.id, type: 'expired' });
    expect((await h.walk()).includes(card!.id)).toBe(false);
    expect((await h.hiding.list({})).jobs.map((j) => [j.jobId, j.reason])).toEqual([[card!.id, 'reported_expired']]);
  });

  it('keeps a hidden job where the Hidden list put it: hiding it again, or Undo of an unhide, keeps its first time and reason', async () => {
    const start = h.clock;
    const [first, second] = (await h.jobs.list({ query: { limit: 2 } })).data;
    await h.reports.create({ jobId: first!.id, type: 'expired' });
    h.clock += DAY;
    await h.hiding.hideJob({ jobId: second!.id });
    const mine = async () =>
      (await h.hiding.list({})).jobs.filter((j) => j.jobId === first!.id || j.jobId === second!.id);
    const listed = await mine();
    expect(listed.map((j) => [j.jobId, j.reason])).toEqual([
      [second!.id, 'hidden'],
      [first!.id, 'reported_expired'],
    ]);
    h.clock += DAY;
    // Hiding it again (another window, a double click) changes nothing.
    await h.hiding.hideJob({ jobId: first!.id });
    expect(await mine()).toEqual(listed);
    // Undo of an unhide, the job still in the index: back as it was, in its place, still "reported expired".
    await h.hiding.unhideJob({ jobId: first!.id });
    h.clock += 5_000;
    await h.hiding.hideJob({ jobId: first!.id });
    expect(await mine()).toEqual(listed);
    // And after a sync removed it meanwhile.
    await h.hiding.unhideJob({ jobId: second!.id });
    expect(h.writer().deleteJob(second!.id)).toBe(true);
    h.clock += 5_000;
    await h.hiding.hideJob({ jobId: second!.id });
    expect(await mine()).toEqual(listed);
    // Hidden again long after it was shown again: a new choice, newest first.
    await h.hiding.unhideJob({ jobId: first!.id });
    h.clock += DAY;
    const { job: later } = await h.hiding.hideJob({ jobId: first!.id });
    expect(later!.reason).toBe('hidden');
    expect((await mine()).map((j) => j.jobId)).toEqual([first!.id, second!.id]);
    for (const j of listed) await h.hiding.unhideJob({ jobId: j.jobId });
    h.clock = start;
  });

  it('Undo of an unblock puts the block back as it was', async () => {
    const start = h.clock;
    const slug = (await h.jobs.list({ query: { limit: 1 } })).data[0]!.companySlug!;
    const { company: blocked } = await h.hiding.blockCompany({ companySlug: slug });
    await h.hiding.unblockCompany({ companySlug: slug });
    h.clock += 5_000;
    const { company: again } = await h.hiding.blockCompany({ companySlug: slug });
    expect(again).toEqual(blocked);
    await h.hiding.unblockCompany({ companySlug: slug });
    h.clock = start;
  });

  it('Undo of an unhide hides the job again after it has left the index', async () => {
    const job = h.addJob({ discoveredAt: h.clock - 1000 });
    const { job: hidden } = await h.hiding.hideJob({ jobId: job.id });
    expect((await h.hiding.unhideJob({ jobId: job.id })).removed).toBe(true);
    // A sync removes it meanwhile (the upstream forgot it).
    expect(h.writer().deleteJob(job.id)).toBe(true);
    const { job: again } = await h.hiding.hideJob({ jobId: job.id });
    expect(again).toEqual(hidden);
    expect((await h.hiding.list({})).jobs.map((j) => [j.jobId, j.title])).toContainEqual([job.id, job.title]);
    await h.hiding.unhideJob({ jobId: job.id });
    // Only what was just unhid comes back: a job that was never hidden here is still not found.
    const never = h.addJob({ discoveredAt: h.clock - 1000 });
    h.writer().deleteJob(never.id);
    expect(((await h.hiding.hideJob({ jobId: never.id }).catch((e: unknown) => e)) as ConnectError).code).toBe(
      Code.NotFound,
    );
  });

  it('Undo of an unblock blocks the company again after it has left the index', async () => {
    const company = h.indexDb.prepare('SELECT id, slug, cid FROM companies ORDER BY cid DESC LIMIT 1').get() as {
      id: string;
      slug: string;
      cid: number;
    };
    const { company: blocked } = await h.hiding.blockCompany({ companySlug: company.slug });
    await h.hiding.unblockCompany({ companySlug: company.slug });
    const w = h.writer();
    for (const id of h.indexDb
      .prepare('SELECT id FROM jobs WHERE company_cid = ?')
      .pluck()
      .all(company.cid) as string[])
      w.deleteJob(id);
    expect(w.deleteCompanyWithoutJobs(company.id)).toBe(true);
    const { company: again } = await h.hiding.blockCompany({ companySlug: company.slug });
    expect(again).toEqual(blocked);
    await h.hiding.unblockCompany({ companySlug: company.slug });
  });

  it('refuses bad input naming the field, and unknown companies', async () => {
    const err = async (p: Promise<unknown>) => {
      const e = await p.catch((x: unknown) => x);
      expect(e).toBeInstanceOf(ConnectError);
      return e as ConnectError;
    };
    expect((await err(h.hiding.blockCompany({ companySlug: '' }))).rawMessage).toBe('companySlug: is required');
    expect((await err(h.hiding.blockCompany({ companySlug: 'no such company' }))).rawMessage).toMatch(
      /^companySlug: must be a company slug/,
    );
    expect((await err(h.hiding.blockCompany({ companySlug: 'no-such-company' }))).code).toBe(Code.NotFound);
    expect((await err(h.hiding.hideJob({ jobId: 'x' }))).rawMessage).toBe('jobId: must be a job id (a uuid), got "x"');
  });
});
