import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code, ConnectError, createClient, type Client } from '@connectrpc/connect';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { MetaService } from '#shared/gen/svc/meta/v1/meta_pb';
import { SourcesService } from '#shared/gen/svc/sources/v1/sources_pb';
import type { Platform } from '#shared/rules/board-ref';
import { openIndex, type IndexDb } from '#service/index-db/open-index';
import { createIndexContext } from '../../../electron/service/index-services/index-context.js';
import { indexRoutes } from '#service/index-services/routes';
import { createInMemoryTransport } from '#service/rpc/in-memory-transport';
import { createHandlers } from '../../../electron/service/rpc/router.js';
import { openUserDb, type UserDb } from '#service/user-db/open-user-db';
import { userDataServices, type UserDataServices } from '#service/user-services/user-data-services';
import { POLL } from '../../helpers/poll.js';
import { replayBases, startBoardReplay, type Replay } from './board-replay.js';

// Follow asks the platform first (issue 26, "one board, one follow"): a board the platform says
// does not exist is refused naming the field and what was tried; a platform that cannot be
// reached (network error, 5xx, timeout) keeps the follow, marked to be checked by its next crawl.
// Unfollow's Undo (a follow again) puts the board back as it was.

let replay: Replay;
beforeAll(async () => {
  replay = await startBoardReplay();
});
afterAll(() => replay.close());

/** A port nothing listens on: connecting is refused at once. */
async function deadBase(): Promise<string> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return `http://127.0.0.1:${port}`;
}

class App {
  readonly dir = mkdtempSync(join(tmpdir(), 'jobindex-follow-check-'));
  readonly indexFile = join(this.dir, 'index.sqlite');
  indexDb: IndexDb;
  userDb: UserDb;
  services: UserDataServices;
  sources: Client<typeof SourcesService>;
  meta: Client<typeof MetaService>;

  constructor(apiBase: Partial<Record<Platform, string>>, checkTimeoutMs?: number) {
    copyFileSync(inject('fixtureIndex'), this.indexFile);
    this.indexDb = openIndex(this.indexFile);
    this.userDb = openUserDb(join(this.dir, 'user.sqlite'));
    const index = createIndexContext(this.indexDb);
    this.services = userDataServices(this.userDb, () => index, {
      timers: false,
      sources: { indexFile: this.indexFile, apiBase, background: false, ...(checkTimeoutMs ? { checkTimeoutMs } : {}) },
    });
    const t = createInMemoryTransport(createHandlers((r) => (indexRoutes(index)(r), this.services.routes(r))));
    this.sources = createClient(SourcesService, t);
    this.meta = createClient(MetaService, t);
  }

  async close(): Promise<void> {
    await this.services.ctx.sources!.stop();
    this.services.close();
    this.userDb.close();
    this.indexDb.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

async function rejection(p: Promise<unknown>): Promise<ConnectError> {
  try {
    await p;
  } catch (e) {
    return ConnectError.from(e);
  }
  throw new Error('expected the call to fail');
}

let app: App | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  replay.down.clear();
});

describe('a board the platform says does not exist is refused', () => {
  it.each([
    [
      'greenhouse:nosuch',
      /^input: Greenhouse has no board "nosuch" \(asked http:\/\/127\.0\.0\.1:\d+\/v1\/boards\/nosuch\/jobs\?content=true: answered 404 Not Found\)/,
    ],
    [
      'https://jobs.lever.co/nosuch',
      /^input: Lever has no board "nosuch" \(asked .*\/v0\/postings\/nosuch\?mode=json: answered 404/,
    ],
    ['https://boards-api.greenhouse.io/v1/boards/nosuch/jobs', /^input: Greenhouse has no board "nosuch"/],
    // Ashby's and SmartRecruiters' answer for a name they do not know: an empty list.
    [
      'https://api.ashbyhq.com/posting-api/job-board/nosuch',
      /^input: Ashby has no board "nosuch" .*answered an empty list/,
    ],
    [
      'https://api.smartrecruiters.com/v1/companies/nosuch/postings',
      /^input: SmartRecruiters has no board "nosuch" .*empty list/,
    ],
  ])('%s', async (input, message) => {
    app = new App(replayBases(replay.url));
    const err = await rejection(app.sources.follow({ input }));
    expect(err.code).toBe(Code.InvalidArgument);
    expect(err.rawMessage).toMatch(message);
    expect((await app.sources.list({})).boards).toEqual([]);
    // Nothing was followed, so the sample stays.
    expect((await app.meta.getInfo({})).sampleData).toBe(true);
  });

  it('follows an API URL as its board, and the same board typed another way is already followed', async () => {
    app = new App(replayBases(replay.url));
    const first = await app.sources.follow({ input: 'https://boards-api.greenhouse.io/v1/boards/acme/jobs' });
    expect(first.board).toMatchObject({ key: 'greenhouse:acme' });
    expect(first.alreadyFollowed).toBe(false);
    expect(first.board?.unchecked).toBeUndefined();
    const again = await app.sources.follow({ input: 'https://job-boards.greenhouse.io/ACME' });
    expect(again.alreadyFollowed).toBe(true);
    expect((await app.sources.list({})).boards.map((b) => b.key)).toEqual(['greenhouse:acme']);
  });
});

describe('a platform that cannot be reached keeps the follow, to be checked later', () => {
  it('a network error', async () => {
    app = new App({ ...replayBases(replay.url), lever: await deadBase() });
    const { board } = await app.sources.follow({ input: 'https://jobs.lever.co/moo' });
    expect(board).toMatchObject({ key: 'lever:moo' });
    expect(board?.unchecked).toMatch(
      /^Lever could not be reached when followed \(could not connect \(ECONNREFUSED\)\)$/,
    );
    expect((await app.sources.list({})).boards[0]?.unchecked).toBe(board?.unchecked);
  });

  it('a 5xx answer', async () => {
    app = new App(replayBases(replay.url));
    const { board } = await app.sources.follow({ input: 'greenhouse:broken' });
    expect(board?.unchecked).toBe('Greenhouse could not be reached when followed (answered 500 Internal Server Error)');
  });

  it('no answer in time', async () => {
    app = new App(replayBases(replay.url), 300);
    const { board } = await app.sources.follow({ input: 'greenhouse:slow' });
    expect(board?.unchecked).toBe('Greenhouse could not be reached when followed (no answer within 0.3 s)');
  });

  it('is checked by the next crawl that reads the board', async () => {
    app = new App(replayBases(replay.url));
    replay.down.add('/v1/boards/acme/jobs');
    const { board } = await app.sources.follow({ input: 'greenhouse:acme' });
    expect(board?.unchecked).toMatch(/answered 503/);
    // The crawl right after following fails too: still unchecked, and it says why it could not read.
    await vi.waitFor(async () => expect((await app!.sources.list({})).boards[0]?.state).toBe('error'), POLL);
    expect((await app.sources.list({})).boards[0]?.unchecked).toMatch(/503/);
    replay.down.clear();
    const done = await app.sources.crawlNow({ key: 'greenhouse:acme' });
    expect(done.boards[0]).toMatchObject({ state: 'ok', postings: 2 });
    expect(done.boards[0]?.unchecked).toBeUndefined();
  });
});

describe("unfollow's undo", () => {
  it('follows the board again as it was typed, in its place', async () => {
    app = new App(replayBases(replay.url));
    await app.sources.follow({ input: 'https://jobs.lever.co/acme' });
    await app.sources.follow({ input: 'greenhouse:acme' });
    const before = (await app.sources.list({})).boards.map((b) => [b.key, b.input, b.followedAt?.seconds]);
    expect((await app.sources.unfollow({ key: 'lever:acme' })).removed).toBe(true);
    expect((await app.sources.list({})).boards.map((b) => b.key)).toEqual(['greenhouse:acme']);
    // Undo sends what the person had typed.
    const back = await app.sources.follow({ input: 'https://jobs.lever.co/acme' });
    expect(back.alreadyFollowed).toBe(false);
    expect((await app.sources.list({})).boards.map((b) => [b.key, b.input, b.followedAt?.seconds])).toEqual(before);
    await vi.waitFor(async () => expect((await app!.sources.list({})).boards[0]?.state).toBe('ok'), POLL);
  });
});
