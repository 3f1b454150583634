import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UserHarness } from './harness.js';

// Issue 31 item 10: the same report could be queued twice with no word. While the first still
// waits in the outbox, making it again answers that one and adds no row.

let h: UserHarness;
beforeEach(() => {
  h = new UserHarness();
});
afterEach(() => h.close());

const jobId = () => h.indexDb.prepare("SELECT id FROM jobs WHERE status = 'active' LIMIT 1").pluck().get() as string;

describe('reporting the same job twice', () => {
  it('keeps one waiting report and answers it again', async () => {
    const id = jobId();
    const first = (await h.reports.create({ jobId: id, type: 'spam' })).report!;
    h.clock += 60_000;
    const again = (await h.reports.create({ jobId: id, type: 'spam' })).report!;
    expect(again.id).toBe(first.id);
    expect(again.createdAt).toEqual(first.createdAt);
    expect((await h.reports.list({})).data).toHaveLength(1);
  });

  it('queues a report of another kind, another message or another job as its own', async () => {
    const [a, b] = h.indexDb.prepare("SELECT id FROM jobs WHERE status = 'active' LIMIT 2").pluck().all() as string[];
    await h.reports.create({ jobId: a!, type: 'other', message: 'The pay is wrong' });
    await h.reports.create({ jobId: a!, type: 'other', message: 'The place is wrong' });
    await h.reports.create({ jobId: a!, type: 'spam' });
    await h.reports.create({ jobId: b!, type: 'spam' });
    expect((await h.reports.list({})).data).toHaveLength(4);
  });
});
