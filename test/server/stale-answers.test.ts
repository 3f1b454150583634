// #30: the answer cache serves a stale answer while one request refreshes it, so a burst arriving
// when an entry expires costs one query and sheds nothing; a failed refresh keeps the stale answer
// for a bounded time, then the error is answered; an answer is never handed to another person's
// request, and never outlives a change of the data.
import { afterEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../../electron/service/rpc/router.js';
import { createHttpServer, type HttpServer } from '#server/http-server';
import { LoadShedder } from '#server/load-shed';
import { ResponseCache } from '#server/response-cache';
import { MetaService } from '#shared/gen/svc/meta/v1/meta_pb';

const GET_INFO = '/svc.meta.v1.MetaService/GetInfo';
const TTL = 1000;
const STALE = 5000;

interface World {
  url: string;
  /** GetInfo answers computed so far. */
  calls(): number;
  tick(ms: number): void;
  failing(on: boolean): void;
  bumpVersion(): void;
  /** Holds the next computations until `open()`. */
  hold(): { open(): void };
}

let http: HttpServer | undefined;
afterEach(async () => {
  await http?.close();
  http = undefined;
});

/** A server whose GetInfo takes 100 ms and then `busyMs` of the thread and answers `jobCount` = its call number (or the cookie's user). */
async function world(busyMs = 0): Promise<World> {
  let calls = 0;
  let fail = false;
  let now = 1;
  let version = 1;
  let gate: Promise<void> | undefined;
  const handlers = createHandlers((router) =>
    router.service(MetaService, {
      async getInfo(_req, ctx) {
        calls++;
        // The query's wait (e.g. for a read worker), then its work on the thread.
        if (busyMs) await new Promise((r) => setTimeout(r, 100));
        await gate;
        const end = performance.now() + busyMs;
        while (performance.now() < end); // a query holding the thread
        if (fail) throw new Error('the index could not be read');
        const user = ctx.requestHeader.get('cookie');
        return { jobCount: user ? Number(user.slice('user='.length)) * 1000 + calls : calls };
      },
      listFacets() {
        throw new Error('not used');
      },
    }),
  );
  http = createHttpServer({
    handlers,
    shed: new LoadShedder({ maxWaitMs: 100 }),
    cache: {
      answers: new ResponseCache({ ttlMs: TTL, staleMs: STALE, version: () => version, now: () => now }),
      cacheable: () => true,
    },
  });
  const url = await http.listen(0, '127.0.0.1');
  return {
    url,
    calls: () => calls,
    tick: (ms) => (now += ms),
    failing: (on) => (fail = on),
    bumpVersion: () => version++,
    hold: () => {
      let open = () => {};
      gate = new Promise((r) => (open = r));
      return { open };
    },
  };
}

async function info(w: World, headers: Record<string, string> = {}): Promise<{ status: number; jobCount?: number }> {
  const r = await fetch(w.url + GET_INFO, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{}',
  });
  const body = (await r.json()) as { jobCount?: number };
  return { status: r.status, ...(r.status === 200 ? { jobCount: Number(body.jobCount ?? 0) } : {}) };
}

const burst = (w: World, n: number) => Promise.all(Array.from({ length: n }, () => info(w)));

describe('stale-while-revalidate', { timeout: 30_000 }, () => {
  it('a burst at expiry makes exactly one refresh and sheds nothing', async () => {
    // 40 queries of 30 ms each would queue 1.2 s, far past the shedder's 100 ms.
    const w = await world(30);
    expect(await info(w)).toEqual({ status: 200, jobCount: 1 });
    w.tick(TTL + 1);
    // The refresh is held until the 39 others were answered: they must not wait for it.
    const held = w.hold();
    let answered = 0;
    const all = Promise.all(Array.from({ length: 40 }, () => info(w).finally(() => answered++)));
    while (answered < 39) await new Promise((r) => setTimeout(r, 10));
    held.open();
    const answers = await all;
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));
    expect(w.calls()).toBe(2);
    // The others had the stale answer; the refresher, the new one.
    expect(answers.filter((a) => a.jobCount === 2)).toHaveLength(1);
    expect(answers.filter((a) => a.jobCount === 1)).toHaveLength(39);
    expect(await info(w)).toEqual({ status: 200, jobCount: 2 });
    expect(w.calls()).toBe(2);
  });

  it('a burst of the same uncached request computes it once', async () => {
    const w = await world(30);
    const answers = await burst(w, 40);
    expect(answers).toEqual(Array(40).fill({ status: 200, jobCount: 1 }));
    expect(w.calls()).toBe(1);
  });

  it('a failed refresh keeps the stale answer for a bounded time, then answers the error', async () => {
    const w = await world();
    expect(await info(w)).toEqual({ status: 200, jobCount: 1 });
    w.tick(TTL + 1);
    w.failing(true);
    expect(await info(w)).toEqual({ status: 200, jobCount: 1 });
    w.tick(STALE - 2);
    expect(await info(w)).toEqual({ status: 200, jobCount: 1 });
    expect(w.calls()).toBe(3); // each of them tried
    w.tick(2); // past TTL + STALE
    expect(await info(w)).toEqual({ status: 500 });
    w.failing(false);
    expect(await info(w)).toEqual({ status: 200, jobCount: 5 });
  });

  it('never serves an answer computed from older data, stale or not', async () => {
    const w = await world();
    expect(await info(w)).toEqual({ status: 200, jobCount: 1 });
    w.tick(TTL + 1);
    w.bumpVersion(); // a sync committed, or the person hid a job
    w.failing(true);
    expect(await info(w)).toEqual({ status: 500 });
  });

  it("never hands one person's answer to another's request", async () => {
    const w = await world();
    expect(await info(w, { cookie: 'user=1' })).toEqual({ status: 200, jobCount: 1001 });
    expect(await info(w, { cookie: 'user=2' })).toEqual({ status: 200, jobCount: 2002 });
    expect(await info(w, { cookie: 'user=1' })).toEqual({ status: 200, jobCount: 1001 });
    expect(await info(w, { authorization: 'Bearer x' })).toEqual({ status: 200, jobCount: 3 });
    expect(await info(w)).toEqual({ status: 200, jobCount: 4 });
    expect(w.calls()).toBe(4);
  });
});
