// A full disk (issue 32 item 6), simulated with PRAGMA max_page_count on the service's own
// connection: a write answers a status of its own naming the file, nothing is lost, and reading
// (search, saved jobs) goes on.
import { afterEach, describe, expect, it } from 'vitest';
import { invokeUnary } from '#service/rpc/invoke';
import { UserHarness } from './harness.js';

const json = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));
const parse = (b: Uint8Array) =>
  JSON.parse(new TextDecoder().decode(b)) as { code?: string; message?: string; data?: Array<{ id: string }> };

describe('a full disk under the user file', () => {
  let h: UserHarness | undefined;
  afterEach(() => h?.close());

  it('answers insufficient_storage (507) naming the file, keeps what was saved, and still reads', async () => {
    h = new UserHarness();
    const list = parse(
      (await invokeUnary(h.handlers, { path: '/svc.jobs.v1.JobsService/List', body: json({ query: { limit: 100 } }) }))
        .body,
    );
    const ids = list.data!.map((c) => c.id);
    const save = (jobId: string) =>
      invokeUnary(h!.handlers, { path: '/svc.saved.v1.SavedJobsService/Save', body: json({ jobId }) });
    expect((await save(ids[0]!)).status).toBe(200);
    // The file may not grow past its size now: the next writes that need a page fail as on a full disk.
    h.userDb.pragma(`max_page_count = ${h.userDb.pragma('page_count', { simple: true }) as number}`);
    let full: Awaited<ReturnType<typeof save>> | undefined;
    let saved = 1;
    for (const id of ids.slice(1)) {
      const r = await save(id);
      if (r.status !== 200) {
        full = r;
        break;
      }
      saved++;
    }
    expect(full, 'a save failed once the file could not grow').toBeDefined();
    expect(full!.status).toBe(507);
    const body = parse(full!.body);
    expect(body.code).toBe('insufficient_storage');
    expect(body.message).toBe(`the disk holding ${h.userFile} is full; free space and try again`);
    // Reading goes on, and every acknowledged save is there.
    const mine = parse(
      (await invokeUnary(h.handlers, { path: '/svc.saved.v1.SavedJobsService/List', body: json({}) })).body,
    );
    expect(mine.data).toHaveLength(saved);
    expect(
      (await invokeUnary(h.handlers, { path: '/svc.jobs.v1.JobsService/List', body: json({ query: { limit: 5 } }) }))
        .status,
    ).toBe(200);
  });
});
