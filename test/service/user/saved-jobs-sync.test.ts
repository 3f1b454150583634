import { timestampFromMs, timestampMs } from '@bufbuild/protobuf/wkt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SavedJobsSyncPort } from '#service/user-services/saved-jobs-sync';
import { DAY, UserHarness } from './harness.js';

let h: UserHarness;
let port: SavedJobsSyncPort;
beforeEach(() => {
  h = new UserHarness();
  port = new SavedJobsSyncPort(h.user.saved);
});
afterEach(() => h.close());

async function savedOne() {
  const [card] = (await h.jobs.list({ query: { query: 'nurse', limit: 1 } })).data;
  await h.saved.save({ jobId: card!.id });
  return card!.id;
}

describe('sync re-checking saved jobs (SavedJobsPort)', () => {
  it('lists the saved ids', async () => {
    const id = await savedOne();
    expect(port.savedJobIds()).toEqual([id]);
  });

  it('refreshes the snapshot of an active job', async () => {
    const id = await savedOne();
    const detail = await h.jobs.get({ id });
    const checkedAt = h.clock + DAY;
    await port.recordCheck(
      id,
      { kind: 'detail', detail: { ...detail, title: 'Renamed Upstream' } },
      new Date(checkedAt),
    );
    const { job } = await h.saved.get({ jobId: id });
    expect(job!.snapshot!.title).toBe('Renamed Upstream');
    expect(job!.closed).toBe(false);
    expect(timestampMs(job!.lastSeenOpenAt!)).toBe(checkedAt);
    expect(timestampMs(job!.lastCheckedAt!)).toBe(checkedAt);
  });

  it('keeps the snapshot of an expired job and marks it closed at its expiry, last seen open before', async () => {
    const id = await savedOne();
    const before = (await h.saved.get({ jobId: id })).job!;
    const detail = await h.jobs.get({ id });
    const expiredAt = h.clock + 2 * DAY;
    await port.recordCheck(
      id,
      {
        kind: 'detail',
        detail: { ...detail, status: 'expired', expiredAt: timestampFromMs(expiredAt), title: 'Changed' },
      },
      new Date(h.clock + 3 * DAY),
    );
    const after = (await h.saved.get({ jobId: id })).job!;
    expect(after.closed).toBe(true);
    expect(timestampMs(after.closedAt!)).toBe(expiredAt);
    expect(after.snapshot).toEqual(before.snapshot);
    expect(after.lastSeenOpenAt).toEqual(before.lastSeenOpenAt);
    expect((await h.saved.list({ closed: true })).data.map((s) => s.jobId)).toEqual([id]);
  });

  it('marks a job the upstream no longer knows closed, never deleting it; a later active check reopens it', async () => {
    const id = await savedOne();
    const gone = h.clock + DAY;
    await port.recordCheck(id, { kind: 'gone' }, new Date(gone));
    await port.recordCheck(id, { kind: 'gone' }, new Date(gone + DAY));
    let job = (await h.saved.get({ jobId: id })).job!;
    expect(job.closed).toBe(true);
    expect(timestampMs(job.closedAt!)).toBe(gone);
    const detail = await h.jobs.get({ id });
    await port.recordCheck(id, { kind: 'detail', detail }, new Date(gone + 2 * DAY));
    job = (await h.saved.get({ jobId: id })).job!;
    expect(job.closed).toBe(false);
    expect(job.closedAt).toBeUndefined();
  });

  it('survives the user file being reopened (a restart) with every mark kept', async () => {
    const id = await savedOne();
    await port.recordCheck(id, { kind: 'gone' }, new Date(h.clock + DAY));
    h.reopenUser();
    expect((await h.saved.get({ jobId: id })).job!.closed).toBe(true);
  });
});
