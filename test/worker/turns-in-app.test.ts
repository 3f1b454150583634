import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@connectrpc/connect';
import { timestampMs } from '@bufbuild/protobuf/wkt';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { DirectoryService } from '#shared/gen/svc/directory/v1/directory_pb';
import { SourcesService } from '#shared/gen/svc/sources/v1/sources_pb';
import { createHttpServer, type HttpServer } from '#server/http-server';
import { openIndex, type IndexDb } from '#service/index-db/open-index';
import { createInMemoryTransport } from '#service/rpc/in-memory-transport';
import { plainBox } from '#service/user-db/secrets';
import { buildIndex } from '#tools/generate/build-index';
import { createIndexContext } from '../../electron/service/index-services/index-context.js';
import { indexRoutes } from '#service/index-services/routes';
import { createHandlers } from '../../electron/service/rpc/router.js';
import { openAppService, type AppService } from '../../electron/worker/app-service.js';
import { startFakePlatforms, type FakePlatforms } from '../helpers/fake-platforms.js';
import { startFaultProxy } from '../service/sync/fault-proxy.js';
import { testNow } from '../service/sync/sync-harness.js';

// In the app, a directory set's first crawl and a sync asked meanwhile take turns on the index
// (issue 26, provenance.md): the sync waits for the crawl, never runs beside it, and both finish
// with each other's jobs kept. The app's service as the worker opens it, against a local upstream
// and a local stand-in for the platforms.

describe('a directory-set crawl and a sync in the app', { timeout: 240_000 }, () => {
  let dir: string;
  let upDb: IndexDb;
  let http: HttpServer;
  let fake: FakePlatforms;
  let app: AppService | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'jobindex-app-turns-'));
    const upFile = join(dir, 'upstream.sqlite');
    buildIndex(upFile, { jobs: 40, seed: 31, now: testNow() });
    upDb = openIndex(upFile, { readonly: true });
    http = createHttpServer({ handlers: createHandlers(indexRoutes(createIndexContext(upDb))) });
    fake = await startFakePlatforms();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await fake?.close();
    await http?.close();
    upDb?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the sync waits for the crawl to end, then runs; both finish and keep each other’s jobs', async () => {
    const upstream = await startFaultProxy(await http.listen(0, '127.0.0.1'));
    // When each of the sync's requests reached the upstream (wall clock, as the crawl's times are).
    const syncRequests: number[] = [];
    upstream.setPlan(() => {
      syncRequests.push(Date.now());
      return undefined;
    });
    try {
      app = openAppService({
        userData: join(dir, 'app'),
        shippedIndex: inject('fixtureIndex'),
        secretBox: plainBox,
        dialog: { choose: async () => undefined },
        log: () => undefined,
        notify: () => undefined,
        crawlApiBase: fake.apiBase(),
      });
      const t = createInMemoryTransport(app.handlers);
      const directory = createClient(DirectoryService, t);
      const sources = createClient(SourcesService, t);
      // The sync engine loaded beforehand (the app loads it at its first sync), so a sync that did
      // not wait would reach the upstream at once. Each board answers in 6 s: the set crawls for longer
      // than the 5 s the sync is watched.
      await import('#service/sync/sync-index');
      fake.delayMs = 6_000;
      const set = await directory.followSet({ set: { platform: 'greenhouse', limit: 4 } });
      expect(set.followed).toBe(4);
      await vi.waitFor(async () => expect((await sources.list({})).progress?.boardsTotal).toBe(4), {
        timeout: 60_000,
        interval: 50,
      });
      // A sync asked now (Settings' "Sync now") waits its turn.
      app.settings.set('sync.upstream', { url: upstream.url, everyMinutes: 60 });
      const asked = Date.now();
      const synced = app.syncNow().then(() => Date.now());
      await new Promise((r) => setTimeout(r, 5_000));
      expect(syncRequests).toEqual([]);
      expect((await sources.list({})).crawling).toBe(true);

      const syncEnd = await synced;
      const list = await sources.list({});
      expect(list.crawling).toBe(false);
      expect(list.boards.map((b) => b.state)).toEqual(Array(4).fill('ok'));
      // Never at once: every board was read before the sync's first request, and the sync ran after.
      const lastRead = Math.max(...list.boards.map((b) => timestampMs(b.lastCrawlAt!)));
      expect(syncRequests.length).toBeGreaterThan(0);
      expect(syncRequests[0]!).toBeGreaterThanOrEqual(lastRead);
      expect(syncRequests[0]!).toBeGreaterThan(asked);
      expect(syncEnd).toBeGreaterThanOrEqual(syncRequests.at(-1)!);

      // Both finished: the set's jobs and the upstream's are in the index, each held by its source.
      const idx = new Database(join(dir, 'app', 'index.sqlite'), { readonly: true });
      try {
        const held = (kind: string) =>
          idx
            .prepare<[string], number>(
              "SELECT count(DISTINCT s.job_id) FROM job_sources s JOIN jobs j ON j.id = s.job_id WHERE j.status = 'active' AND s.source LIKE ? || ':%'",
            )
            .pluck()
            .get(kind)!;
        expect(held('board')).toBe(list.boards.reduce((n, b) => n + b.added, 0));
        expect(held('upstream')).toBe(upDb.prepare("SELECT count(*) FROM jobs WHERE status = 'active'").pluck().get());
        expect(idx.prepare("SELECT value FROM meta WHERE key = 'sample_data'").pluck().get()).toBeUndefined();
      } finally {
        idx.close();
      }
    } finally {
      await upstream.close();
    }
  });
});
