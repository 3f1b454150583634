import { timestampMs } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError } from '@connectrpc/connect';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { purgeExpired } from '#service/index-db/write/purge';
import { DAY, UserHarness } from './harness.js';

let h: UserHarness;
beforeEach(() => {
  h = new UserHarness();
});
afterEach(() => h.close());

async function firstJobs(n: number) {
  return (await h.jobs.list({ query: { query: 'engineer', limit: n } })).data;
}

async function code(p: Promise<unknown>): Promise<{ code: Code; message: string }> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!(e instanceof ConnectError)) throw new Error(`expected a ConnectError, got ${String(e)}`);
  return { code: e.code, message: e.rawMessage };
}

describe('saving a job', () => {
  it('keeps a full snapshot of the detail, once', async () => {
    const [card] = await firstJobs(1);
    const detail = await h.jobs.get({ id: card!.id });
    const { job } = await h.saved.save({ jobId: card!.id.toUpperCase() });
    expect(job!.jobId).toBe(card!.id);
    expect(job!.snapshot).toEqual(detail);
    expect(job!.stage).toBe('saved');
    expect(job!.history.map((m) => m.stage)).toEqual(['saved']);
    expect(job!.closed).toBe(false);
    expect(timestampMs(job!.lastSeenOpenAt!)).toBe(h.clock);

    h.clock += DAY;
    const again = await h.saved.save({ jobId: card!.id });
    expect(timestampMs(again.job!.savedAt!)).toBe(timestampMs(job!.savedAt!));
    expect((await h.saved.listIds({})).data).toEqual([
      { $typeName: 'svc.saved.v1.SavedJobId', jobId: card!.id, stage: 'saved' },
    ]);
  });

  it('refuses a malformed id naming the field, and an unknown job as not found', async () => {
    expect(await code(h.saved.save({ jobId: 'abc' }))).toEqual({
      code: Code.InvalidArgument,
      message: 'jobId: must be a job id (a uuid), got "abc"',
    });
    expect((await code(h.saved.save({ jobId: '00000000-0000-4000-8000-000000000000' }))).code).toBe(Code.NotFound);
    expect((await code(h.saved.move({ jobId: '00000000-0000-4000-8000-000000000000', stage: 'applied' }))).code).toBe(
      Code.NotFound,
    );
  });

  it('unsaves', async () => {
    const [card] = await firstJobs(1);
    await h.saved.save({ jobId: card!.id });
    expect((await h.saved.unsave({ jobId: card!.id })).removed).toBe(true);
    expect((await h.saved.unsave({ jobId: card!.id })).removed).toBe(false);
    expect((await code(h.saved.get({ jobId: card!.id }))).code).toBe(Code.NotFound);
  });

  it('saving an unsaved job again brings back its stage, notes, follow-up date and history', async () => {
    const [card] = await firstJobs(1);
    await h.saved.save({ jobId: card!.id });
    h.clock += 1000;
    await h.saved.move({ jobId: card!.id, stage: 'interviewing' });
    await h.saved.setNotes({ jobId: card!.id, notes: 'Second round Tuesday' });
    await h.saved.setFollowUp({ jobId: card!.id, followUpOn: '2030-03-14' });
    const before = (await h.saved.get({ jobId: card!.id })).job!;
    expect((await h.saved.unsave({ jobId: card!.id })).removed).toBe(true);
    expect((await h.saved.listIds({})).data).toEqual([]);
    expect((await h.saved.list({})).data).toEqual([]);
    expect((await code(h.saved.setNotes({ jobId: card!.id, notes: 'x' }))).code).toBe(Code.NotFound);
    h.clock += DAY;
    const { job } = await h.saved.save({ jobId: card!.id });
    expect(job).toEqual(before);
    expect(job!.history.map((m) => m.stage)).toEqual(['saved', 'interviewing']);
  });

  it("keeps an unsaved job's tracking 30 days, then saving starts afresh", async () => {
    const [a, b] = await firstJobs(2);
    await h.saved.save({ jobId: a!.id });
    await h.saved.setNotes({ jobId: a!.id, notes: 'old' });
    await h.saved.unsave({ jobId: a!.id });
    h.clock += 31 * DAY;
    const { job } = await h.saved.save({ jobId: a!.id });
    expect(job!.notes).toBe('');
    expect(job!.history.map((m) => m.stage)).toEqual(['saved']);
    // Another unsave clears what was kept too long.
    await h.saved.unsave({ jobId: a!.id });
    await h.saved.save({ jobId: b!.id });
    h.clock += 31 * DAY;
    await h.saved.unsave({ jobId: b!.id });
    expect(h.userDb.prepare('SELECT job_id FROM saved_jobs').all()).toEqual([{ job_id: b!.id }]);
  });
});

describe('tracking', () => {
  it('moves through the pipeline keeping the date of every move, with notes and a follow-up', async () => {
    const [card] = await firstJobs(1);
    const t0 = h.clock;
    await h.saved.save({ jobId: card!.id });
    h.clock = t0 + DAY;
    await h.saved.move({ jobId: card!.id, stage: 'applied' });
    h.clock = t0 + 2 * DAY;
    await h.saved.move({ jobId: card!.id, stage: 'applied' }); // no move: same stage
    h.clock = t0 + 3 * DAY;
    await h.saved.move({ jobId: card!.id, stage: 'interviewing' });
    await h.saved.setNotes({ jobId: card!.id, notes: 'Call with Ana — bring portfolio' });
    const { job } = await h.saved.setFollowUp({ jobId: card!.id, followUpOn: '2026-11-20' });
    expect(job!.stage).toBe('interviewing');
    expect(job!.history.map((m) => [m.stage, timestampMs(m.movedAt!)])).toEqual([
      ['saved', t0],
      ['applied', t0 + DAY],
      ['interviewing', t0 + 3 * DAY],
    ]);
    expect(job!.notes).toBe('Call with Ana — bring portfolio');
    expect(job!.followUpOn).toBe('2026-11-20');
    const cleared = await h.saved.setFollowUp({ jobId: card!.id });
    expect(cleared.job!.followUpOn).toBeUndefined();
  });

  it('names the field of a bad stage, date or notes', async () => {
    const [card] = await firstJobs(1);
    await h.saved.save({ jobId: card!.id });
    expect((await code(h.saved.move({ jobId: card!.id, stage: 'hired' }))).message).toMatch(
      /^stage: must be one of saved, applied, interviewing/,
    );
    expect((await code(h.saved.setFollowUp({ jobId: card!.id, followUpOn: '2026-02-30' }))).message).toBe(
      'followUpOn: must be a date YYYY-MM-DD, got "2026-02-30"',
    );
    expect((await code(h.saved.setNotes({ jobId: card!.id, notes: 'x'.repeat(20_001) }))).message).toBe(
      'notes: must be at most 20000 characters',
    );
    expect((await code(h.saved.list({ sort: 'random' }))).message).toMatch(/^sort: must be one of/);
  });

  it('lists with filters and sorts', async () => {
    const cards = await firstJobs(4);
    for (const c of cards) {
      await h.saved.save({ jobId: c.id });
      h.clock += 1000;
    }
    await h.saved.move({ jobId: cards[1]!.id, stage: 'offer' });
    await h.saved.move({ jobId: cards[2]!.id, stage: 'applied' });
    await h.saved.setNotes({ jobId: cards[3]!.id, notes: 'Referred by Zoë' });
    await h.saved.setFollowUp({ jobId: cards[0]!.id, followUpOn: '2026-11-05' });
    await h.saved.setFollowUp({ jobId: cards[2]!.id, followUpOn: '2026-11-03' });

    const ids = async (req: Parameters<typeof h.saved.list>[0]) => (await h.saved.list(req)).data.map((s) => s.jobId);
    expect(await ids({ stage: 'offer' })).toEqual([cards[1]!.id]);
    expect(await ids({ text: 'zoe' })).toEqual([cards[3]!.id]);
    expect(await ids({ followUpBy: '2026-11-04' })).toEqual([cards[2]!.id]);
    // Ties (same update time) fall back to the job id.
    const byId = (...xs: string[]) => xs.sort();
    expect(await ids({ sort: 'follow_up' })).toEqual([cards[2]!.id, cards[0]!.id, ...byId(cards[1]!.id, cards[3]!.id)]);
    expect(await ids({ sort: 'stage' })).toEqual([...byId(cards[0]!.id, cards[3]!.id), cards[2]!.id, cards[1]!.id]);
    expect(await ids({ closed: true })).toEqual([]);
    const titles = (await h.saved.list({ sort: 'title' })).data.map((s) => s.snapshot!.title.toLowerCase());
    expect(titles).toEqual([...titles].sort());
  });
});

describe('saving an expired job', () => {
  it('saves it closed at its expiry, never seen open', async () => {
    const [card] = await firstJobs(1);
    const expiredAt = h.clock - 3 * DAY;
    h.writer().expireJob(card!.id, expiredAt);
    const { job } = await h.saved.save({ jobId: card!.id });
    expect(job!.snapshot!.status).toBe('expired');
    expect(job!.closed).toBe(true);
    expect(timestampMs(job!.closedAt!)).toBe(expiredAt);
    expect(job!.lastSeenOpenAt).toBeUndefined();
  });
});

describe('the snapshot outlives the index', () => {
  it('stays readable after the job expires, is purged, and the index is replaced', async () => {
    const [card] = await firstJobs(1);
    const before = (await h.saved.save({ jobId: card!.id })).job!;
    h.writer().expireJob(card!.id, h.clock - 40 * DAY);
    purgeExpired(h.indexDb, h.clock);
    expect(h.indexDb.prepare('SELECT count(*) FROM jobs WHERE id = ?').pluck().get(card!.id)).toBe(0);
    // A whole new index (a newer bundled one, or a rebuild) without the job.
    h.indexDb.close();
    h.openIndex();
    const after = (await h.saved.get({ jobId: card!.id })).job!;
    expect(after.snapshot).toEqual(before.snapshot);
    expect((await h.saved.list({})).data.map((s) => s.jobId)).toEqual([card!.id]);
  });
});
