import { Code, ConnectError, createClient, type Client } from '@connectrpc/connect';
import { timestampMs } from '@bufbuild/protobuf/wkt';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SourcesService, type JobSourcesResponse } from '#shared/gen/svc/sources/v1/sources_pb';
import { whereFrom } from '#shared/format/source-words';
import type { BoardRef } from '#shared/rules/board-ref';
import { openIndex, type IndexDb } from '#service/index-db/open-index';
import { createInMemoryTransport } from '#service/rpc/in-memory-transport';
import { openUserDb, type UserDb } from '#service/user-db/open-user-db';
import { buildIndex } from '#tools/generate/build-index';
import { createHandlers } from '../../../electron/service/rpc/router.js';
import { createIndexContext } from '../../../electron/service/index-services/index-context.js';
import { Sources } from '../../../electron/service/user-services/sources.js';
import { sourcesService } from '../../../electron/service/user-services/sources-service.js';
import { fixture } from '../crawl/crawl-harness.js';
import { ReplayServer } from '../crawl/replay-server.js';
import { startUpstream, testNow, type Upstream } from '../sync/sync-harness.js';
import { activeIds, crawl, jobsOf, sync, tempFiles } from './provenance-harness.js';

// Where a job comes from (SourcesService.JobSources, docs/decisions/provenance.md): every source
// that holds it — a followed board by platform and token, an upstream by its host, a directory
// set (directory-sets.test.ts), the sample — in the words the job's detail shows.

const GREENHOUSE: BoardRef = { platform: 'greenhouse', token: 'acme' };
const LEVER: BoardRef = { platform: 'lever', token: 'acme' };

describe('SourcesService.JobSources', () => {
  let server: ReplayServer;
  let up: Upstream;
  let files: ReturnType<typeof tempFiles>;
  let user: UserDb;
  let sources: Sources;
  let index: IndexDb | undefined;
  let client: Client<typeof SourcesService>;
  beforeAll(async () => {
    up = await startUpstream(20, 2613);
  }, 120_000);
  afterAll(async () => {
    await up.close();
  });
  beforeEach(async () => {
    server = await ReplayServer.start();
    server.setBoard('greenhouse', 'acme', fixture('greenhouse-acme.json'));
    server.setBoard('lever', 'acme', fixture('lever-acme.json'));
    files = tempFiles();
    user = openUserDb(files.user);
    sources = new Sources(user, { indexFile: files.index, background: false }, undefined);
    const ctx = () => createIndexContext((index ??= openIndex(files.index)));
    client = createClient(
      SourcesService,
      createInMemoryTransport(createHandlers((r) => r.service(SourcesService, sourcesService(sources, ctx)))),
    );
  });
  afterEach(async () => {
    index?.close();
    index = undefined;
    await sources.stop();
    user.close();
    await server.close();
    files.cleanup();
  });

  const rows = (r: JobSourcesResponse) => r.sources.map((s) => [s.key, s.open, s.followed]);
  const words = (r: JobSourcesResponse) =>
    whereFrom(
      r.sources.map((s) => ({
        key: s.key,
        open: s.open,
        at: s.at ? timestampMs(s.at) : 0,
        directorySet: s.directorySet,
      })),
      r.sample,
    );
  const upKey = () => `upstream:${up.url}`;
  const upHost = () => new URL(up.url).host;
  const ofPlatform = (platform: string) =>
    jobsOf(files.index)
      .filter((j) => j.status === 'active' && j.source_type === 'ats')
      .map((j) => j.id)
      .filter((id) => {
        const db = openIndex(files.index);
        try {
          return db.prepare('SELECT source_platform FROM jobs WHERE id = ?').pluck().get(id) === platform;
        } finally {
          db.close();
        }
      });

  it('a followed board: the platform by its name and the board token', async () => {
    sources.followed.follow(GREENHOUSE, 'https://job-boards.greenhouse.io/acme');
    await crawl(server, files.index, [GREENHOUSE]);
    const id = activeIds(files.index)[0]!;
    const r = await client.jobSources({ jobId: id });
    expect(rows(r)).toEqual([['board:greenhouse:acme', true, true]]);
    expect(r.sample).toBe(false);
    expect(words(r)).toBe('From the Greenhouse board acme');
  });

  it('a board this index was crawled from but the person does not follow is not "followed"', async () => {
    await crawl(server, files.index, [LEVER]);
    const r = await client.jobSources({ jobId: activeIds(files.index)[0]! });
    expect(rows(r)).toEqual([['board:lever:acme', true, false]]);
    expect(words(r)).toBe('From the Lever board acme');
  });

  it('an upstream: by its host', async () => {
    await sync(files.index, up.url);
    const r = await client.jobSources({ jobId: activeIds(files.index)[0]! });
    expect(rows(r)).toEqual([[upKey(), true, false]]);
    expect(words(r)).toBe(`From upstream ${upHost()}`);
  });

  it('a job two sources hold: the board first, then the upstream; a close is said with its day', async () => {
    // The upstream ran this app's crawler on the same Lever board: its copies carry the same ids.
    await crawl(server, up.file, [LEVER]);
    sources.followed.follow(LEVER, 'lever:acme');
    await crawl(server, files.index, [LEVER, GREENHOUSE]);
    await sync(files.index, up.url);
    const [both] = ofPlatform('lever');
    const r = await client.jobSources({ jobId: both! });
    expect(rows(r)).toEqual([
      ['board:lever:acme', true, true],
      [upKey(), true, false],
    ]);
    expect(words(r)).toBe(`From the Lever board acme · also from upstream ${upHost()}`);

    // The Greenhouse board drops a posting: its complete read closes it there, and the detail says so.
    const gh = JSON.parse(fixture('greenhouse-acme.json')) as { jobs: { id: number }[] };
    const before = ofPlatform('greenhouse');
    server.setBoard('greenhouse', 'acme', JSON.stringify({ jobs: gh.jobs.slice(1), meta: { total: 2 } }));
    const closedAt = Date.UTC(2026, 11, 3, 12);
    await crawl(server, files.index, [GREENHOUSE], undefined, closedAt);
    const [gone] = before.filter((id) => !ofPlatform('greenhouse').includes(id));
    const c = await client.jobSources({ jobId: gone! });
    expect(rows(c)).toEqual([['board:greenhouse:acme', false, false]]);
    expect(timestampMs(c.sources[0]!.at!)).toBe(closedAt);
    expect(words(c)).toBe('From the Greenhouse board acme (closed there Dec 3, 2026)');
  });

  it('the sample: said as such, with no source', async () => {
    buildIndex(files.index, { jobs: 20, seed: 4, now: testNow() });
    const r = await client.jobSources({ jobId: activeIds(files.index)[0]! });
    expect([r.sources, r.sample]).toEqual([[], true]);
    expect(words(r)).toBe('From the sample data bundled with the app');
  });

  it('refuses what is not a job id, naming the field, and answers not found for a job not here', async () => {
    await crawl(server, files.index, [GREENHOUSE]);
    const bad = await client.jobSources({ jobId: 'luno' }).catch((e: unknown) => ConnectError.from(e));
    expect(bad).toBeInstanceOf(ConnectError);
    expect([(bad as ConnectError).code, (bad as ConnectError).rawMessage]).toEqual([
      Code.InvalidArgument,
      'job_id: must be a job id (a uuid), got "luno"',
    ]);
    const missing = await client
      .jobSources({ jobId: '00000000-0000-4000-8000-000000000000' })
      .catch((e: unknown) => ConnectError.from(e));
    expect((missing as ConnectError).code).toBe(Code.NotFound);
  });
});
