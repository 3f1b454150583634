import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code, ConnectError, createClient, type Client } from '@connectrpc/connect';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { JobsService } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { MetaService } from '#shared/gen/svc/meta/v1/meta_pb';
import { SavedJobsService } from '#shared/gen/svc/saved/v1/saved_pb';
import { SavedSearchesService } from '#shared/gen/svc/searches/v1/searches_pb';
import { SourcesService } from '#shared/gen/svc/sources/v1/sources_pb';
import { openIndex, type IndexDb } from '#service/index-db/open-index';
import { createInMemoryTransport } from '#service/rpc/in-memory-transport';
import { createHandlers } from '../../../electron/service/rpc/router.js';
import { createIndexContext } from '../../../electron/service/index-services/index-context.js';
import { indexRoutes } from '#service/index-services/routes';
import { openUserDb, type UserDb } from '#service/user-db/open-user-db';
import { candidateTokens } from '../../../electron/service/user-services/board-candidates.js';
import { announceNewJobs, type NewJobsAlert } from '#service/user-services/search-alerts';
import { userDataServices, type UserDataServices } from '#service/user-services/user-data-services';
import { POLL } from '../../helpers/poll.js';
import { replayBases, startBoardReplay, type Replay } from './board-replay.js';

let replay: Replay;
beforeAll(async () => {
  replay = await startBoardReplay();
});
afterAll(() => replay.close());

/** The app as main.ts wires it: a private copy of the sample index, a fresh user file, Sources on. */
class App {
  readonly dir = mkdtempSync(join(tmpdir(), 'jobindex-sources-'));
  readonly indexFile = join(this.dir, 'index.sqlite');
  readonly userFile = join(this.dir, 'user.sqlite');
  indexDb!: IndexDb;
  userDb!: UserDb;
  services!: UserDataServices;
  sources!: Client<typeof SourcesService>;
  searches!: Client<typeof SavedSearchesService>;
  /** What a crawl announced (search alerts), as the app's onCrawled would show it. */
  readonly announced: NewJobsAlert[] = [];
  meta!: Client<typeof MetaService>;
  jobs!: Client<typeof JobsService>;
  saved!: Client<typeof SavedJobsService>;

  constructor() {
    copyFileSync(inject('fixtureIndex'), this.indexFile);
    this.indexDb = openIndex(this.indexFile);
    this.open();
  }

  /** (Re)opens the user file, as a restarted app does. */
  open(): void {
    this.userDb = openUserDb(this.userFile);
    const index = createIndexContext(this.indexDb);
    this.services = userDataServices(this.userDb, () => index, {
      timers: false,
      sources: {
        indexFile: this.indexFile,
        apiBase: replayBases(replay.url),
        background: false,
        onCrawled: () => void announceNewJobs(index, this.userDb, (a) => this.announced.push(a)),
      },
    });
    const t = createInMemoryTransport(createHandlers((r) => (indexRoutes(index)(r), this.services.routes(r))));
    this.sources = createClient(SourcesService, t);
    this.searches = createClient(SavedSearchesService, t);
    this.meta = createClient(MetaService, t);
    this.jobs = createClient(JobsService, t);
    this.saved = createClient(SavedJobsService, t);
  }

  async restart(): Promise<void> {
    await this.services.ctx.sources!.stop();
    this.services.close();
    this.userDb.close();
    this.open();
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

let app: App;
beforeEach(() => {
  app = new App();
});
afterEach(() => app.close());

describe('follow a board by its careers URL or platform:token', () => {
  it('follows a pasted URL once, keeps it in the user file across a restart, and crawls it', async () => {
    const { board } = await app.sources.follow({ input: '  https://job-boards.greenhouse.io/acme  ' });
    expect(board).toMatchObject({
      key: 'greenhouse:acme',
      platform: 'greenhouse',
      token: 'acme',
      input: 'https://job-boards.greenhouse.io/acme',
    });
    // The same board typed another way is the same followed board.
    const again = await app.sources.follow({ input: 'greenhouse:acme' });
    expect(again.board?.key).toBe('greenhouse:acme');
    expect(again.alreadyFollowed).toBe(true);
    // The platform compares tokens without case: `greenhouse:ACME` is the same board (issue 26).
    const upper = await app.sources.follow({ input: 'greenhouse:ACME' });
    expect([upper.board?.key, upper.alreadyFollowed]).toEqual(['greenhouse:acme', true]);
    expect((await app.sources.list({})).boards.map((b) => b.key)).toEqual(['greenhouse:acme']);

    // The crawl started by following runs in the background; the list shows its outcome.
    await vi.waitFor(async () => expect((await app.sources.list({})).boards[0]?.state).toBe('ok'), POLL);
    const [b] = (await app.sources.list({})).boards;
    expect(b).toMatchObject({ postings: 2, added: 2, expired: 0 });
    expect(b?.lastCrawlAt).toBeDefined();
    const found = await app.jobs.list({ query: { query: 'backend engineer', limit: 10 } });
    expect(found.data.map((c) => c.title)).toContain('Backend Engineer');

    await app.restart();
    expect((await app.sources.list({})).boards.map((b) => [b.key, b.state])).toEqual([['greenhouse:acme', 'ok']]);
  });

  it('takes the sample jobs out of the index at the first follow, keeping saved jobs and their notes', async () => {
    expect((await app.meta.getInfo({})).sampleData).toBe(true);
    const sample = (await app.jobs.list({ query: { limit: 1 } })).data[0]!;
    await app.saved.save({ jobId: sample.id });
    await app.saved.setNotes({ jobId: sample.id, notes: 'call Ana on Monday' });

    await app.sources.follow({ input: 'lever:acme' });
    const info = await app.meta.getInfo({});
    expect(info.sampleData).toBe(false);
    await vi.waitFor(async () => expect((await app.sources.list({})).boards[0]?.state).toBe('ok'), POLL);
    const titles = (await app.jobs.list({ query: { limit: 100 } })).data.map((c) => c.title);
    expect(titles).toEqual(['Support Specialist']);
    const kept = await app.saved.get({ jobId: sample.id });
    expect(kept.job?.notes).toBe('call Ana on Monday');
    expect(kept.job?.snapshot?.title).toBe(sample.title);
  });

  it('follows a Recruitee board by its careers host and crawls its jobs', async () => {
    const { board } = await app.sources.follow({ input: 'https://acme.recruitee.com' });
    expect(board).toMatchObject({ key: 'recruitee:acme', platform: 'recruitee', token: 'acme' });
    await vi.waitFor(async () => expect((await app.sources.list({})).boards[0]?.state).toBe('ok'), POLL);
    expect((await app.sources.list({})).boards[0]).toMatchObject({ postings: 1, added: 1, expired: 0 });
    expect(replay.asked).toContain('/acme/api/offers/');
    const found = await app.jobs.list({ query: { query: 'dispatch coordinator', limit: 10 } });
    expect(found.data.map((c) => c.title)).toEqual(['Dispatch Coordinator']);
  });

  it('shows a board that cannot be read as an error, with what went wrong', async () => {
    await app.sources.follow({ input: 'greenhouse:broken' });
    const done = await app.sources.crawlNow({ key: 'greenhouse:broken' });
    expect(done.boards).toHaveLength(1);
    expect(done.boards[0]).toMatchObject({ key: 'greenhouse:broken', state: 'error', postings: 0 });
    expect(done.boards[0]?.error).toMatch(/500/);
  });
});

describe('follow by company name', () => {
  it('tries the name on each platform and offers the boards that list postings, without following any', async () => {
    const { board, candidates } = await app.sources.follow({ input: 'Acme Inc.' });
    expect(board).toBeUndefined();
    expect(candidates.map((c) => [c.input, c.postings])).toEqual([
      ['greenhouse:acme', 2],
      ['lever:acme', 1],
      ['recruitee:acme', 1],
      // JazzHR's feed is XML: the probe counts it from its text.
      ['breezy:acme', 1],
      ['jazzhr:acme', 1],
    ]);
    // Ashby's "200 with an empty list" is no board.
    expect(replay.asked.some((p) => p.startsWith('/posting-api/job-board/acme'))).toBe(true);
    expect((await app.sources.list({})).boards).toEqual([]);
    const followed = await app.sources.follow({ input: candidates[1]!.input });
    expect(followed.board?.key).toBe('lever:acme');
  });

  it('says which tokens it tried when no platform knows the name', async () => {
    const err = await rejection(app.sources.follow({ input: 'Nobody Here GmbH' }));
    expect(err.code).toBe(Code.InvalidArgument);
    expect(err.rawMessage).toMatch(
      /^input: no board with postings answered for "Nobody Here GmbH" \(tried nobodyhere, nobody-here, nobody on Greenhouse, Lever, Ashby, SmartRecruiters, Workable, Recruitee, Teamtailor, BambooHR, Personio, Breezy HR, JazzHR\); paste/,
    );
    expect(err.rawMessage).toMatch(/careers page URL/);
  });

  it('derives tokens as platforms spell them', () => {
    expect(candidateTokens('Acme Robotics, Inc.')).toEqual(['acmerobotics', 'acme-robotics', 'acme']);
    expect(candidateTokens('monday.com')).toEqual(['monday']);
    expect(candidateTokens('Société Générale')).toEqual(['societegenerale', 'societe-generale', 'societe']);
    expect(candidateTokens('  ')).toEqual([]);
  });
});

describe('boards of the platforms read since the user file was made', () => {
  it('follows a Workday careers URL and a Teamtailor board (user migration 0012), and keeps them across a restart', async () => {
    const wd = await app.sources.follow({ input: 'https://acme.wd5.myworkdayjobs.com/en-US/Careers' });
    expect(wd.board).toMatchObject({ key: 'workday:acme.wd5/Careers', platform: 'workday' });
    const tt = await app.sources.follow({ input: 'teamtailor:acme' });
    expect(tt.board).toMatchObject({ key: 'teamtailor:acme', platform: 'teamtailor' });
    await app.restart();
    expect((await app.sources.list({})).boards.map((b) => b.key).sort()).toEqual([
      'teamtailor:acme',
      'workday:acme.wd5/Careers',
    ]);
  });
});

describe('Breezy HR and JazzHR boards', () => {
  it('follows them by careers URL, checked against each platform’s feed (JazzHR’s is XML)', async () => {
    const bz = await app.sources.follow({ input: 'https://acme.breezy.hr/p/a1-engineer' });
    expect(bz.board).toMatchObject({ key: 'breezy:acme', platform: 'breezy' });
    expect(bz.board?.unchecked ?? '').toBe('');
    const jz = await app.sources.follow({ input: 'https://acme.applytojob.com/apply' });
    expect(jz.board).toMatchObject({ key: 'jazzhr:acme', platform: 'jazzhr' });
    expect(jz.board?.unchecked ?? '').toBe('');
    expect(replay.asked).toEqual(expect.arrayContaining(['/acme/json?verbose=true', '/feeds/export/jobs/acme']));
  });

  it('a Breezy board that does not exist is refused, naming it', async () => {
    const err = await rejection(app.sources.follow({ input: 'https://nobody.breezy.hr/' }));
    expect(err.rawMessage).toMatch(/^input: Breezy HR has no board "nobody"/);
  });
});

describe('bad input names the field and follows nothing', () => {
  it.each([
    ['', /^input: type a company name/],
    ['   ', /^input: type a company name/],
    ['https://example.com/careers', /^input: not a known careers URL: "https:\/\/example.com\/careers"/],
    ['workday:acme', /^input: no Workday board in "workday:acme"/],
    ['https://acme.wd5.myworkdayjobs.com/en-US', /^input: no Workday careers site in/],
    ['greenhouse:', /^input: /],
    ['x'.repeat(501), /^input: at most 500 characters/],
  ])('%j', async (input, message) => {
    const err = await rejection(app.sources.follow({ input }));
    expect(err.code).toBe(Code.InvalidArgument);
    expect(err.rawMessage).toMatch(message);
    expect((await app.sources.list({})).boards).toEqual([]);
    expect((await app.meta.getInfo({})).sampleData).toBe(true);
  });

  it('crawl now of a board not followed is not_found', async () => {
    const err = await rejection(app.sources.crawlNow({ key: 'greenhouse:acme' }));
    expect(err.code).toBe(Code.NotFound);
  });
});

describe('unfollow', () => {
  it('removes the board from the list and the schedule; a second unfollow removes nothing', async () => {
    await app.sources.follow({ input: 'https://jobs.lever.co/acme' });
    await app.sources.follow({ input: 'greenhouse:acme' });
    expect((await app.sources.unfollow({ key: 'lever:acme' })).removed).toBe(true);
    expect((await app.sources.unfollow({ key: 'lever:acme' })).removed).toBe(false);
    expect((await app.sources.list({})).boards.map((b) => b.key)).toEqual(['greenhouse:acme']);
    expect(app.services.ctx.sources!.followed.refs()).toEqual([{ platform: 'greenhouse', token: 'acme' }]);
  });

  it("takes the board's jobs out of search (their detail stays readable), and following again brings them back", async () => {
    await app.sources.follow({ input: 'greenhouse:acme' });
    await vi.waitFor(async () => expect((await app.sources.list({})).boards[0]?.state).toBe('ok'), POLL);
    const cards = (await app.jobs.list({ query: { limit: 10 } })).data;
    expect(cards.map((c) => c.title).sort()).toEqual(['Backend Engineer', 'Product Designer']);

    expect((await app.sources.unfollow({ key: 'greenhouse:acme' })).removed).toBe(true);
    expect((await app.jobs.list({ query: { limit: 10 } })).data).toEqual([]);
    const detail = await app.jobs.get({ id: cards[0]!.id });
    expect(detail.status).toBe('expired');

    await app.sources.follow({ input: 'https://boards.greenhouse.io/acme' });
    await vi.waitFor(async () => expect((await app.sources.list({})).boards[0]?.state).toBe('ok'), POLL);
    const again = (await app.jobs.list({ query: { limit: 10 } })).data;
    expect(again.map((c) => c.id).sort()).toEqual(cards.map((c) => c.id).sort());
  });
});

describe('search alerts after a crawl', () => {
  it('a crawl that brings jobs a saved search finds announces them once, with their count', async () => {
    const s = (await app.searches.create({ name: 'Engineers', query: { query: 'engineer' } })).search!;
    await app.sources.follow({ input: 'greenhouse:acme' });
    await vi.waitFor(async () => expect((await app.sources.list({})).boards[0]?.state).toBe('ok'), POLL);
    const found = (await app.jobs.list({ query: { query: 'engineer', limit: 50 } })).data.length;
    expect(found).toBeGreaterThan(0);
    await vi.waitFor(() => expect(app.announced).toHaveLength(1), POLL);
    expect(app.announced[0]).toMatchObject({ searchId: s.id, name: 'Engineers', count: found, capped: false });
    // Crawled again with nothing new: nothing announced again.
    await app.sources.crawlNow({ key: 'greenhouse:acme' });
    expect(app.announced).toHaveLength(1);
  });
});
