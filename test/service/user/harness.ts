import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from '@connectrpc/connect';
import type { UniversalHandler } from '@connectrpc/connect/protocol';
import { inject } from 'vitest';
import { HidingService } from '#shared/gen/svc/hiding/v1/hiding_pb';
import { locationWords } from '#shared/format/location-words';
import { toWireJson } from '#shared/wire/json-nulls';
import { JobCardSchema, LocationSchema, type JobCard } from '#shared/gen/svc/jobs/v1/job_pb';
import { JobsService } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { ReportsService } from '#shared/gen/svc/reports/v1/reports_pb';
import { SavedJobsService } from '#shared/gen/svc/saved/v1/saved_pb';
import { SavedSearchesService } from '#shared/gen/svc/searches/v1/searches_pb';
import { openIndex, type IndexDb } from '#service/index-db/open-index';
import type { JobRecord } from '#service/index-db/records';
import { IndexWriter } from '#service/index-db/write/index-writer';
import { refreshStats } from '#service/index-db/write/refresh-stats';
import { createInMemoryTransport } from '#service/rpc/in-memory-transport';
import { handlersOf } from '#service/open-service';
import { createIndexContext, type IndexContext } from '../../../electron/service/index-services/index-context.js';
import { indexRoutes } from '#service/index-services/routes';
import { openUserDb, type UserDb } from '#service/user-db/open-user-db';
import type { Plan } from '../../../electron/service/index-db/search/job-search.js';
import { userDataServices, type UserDataServices } from '#service/user-services/user-data-services';
import type { UserContext, UserContextOptions } from '../../../electron/service/user-services/user-context.js';
import { FIXTURE } from '../../helpers/fixture.js';

export const DAY = 86_400_000;

/**
 * A private copy of the fixture index and a fresh user file, served by one router as the app
 * does (index services + user services, exclusions attached), with a clock tests move.
 */
export class UserHarness {
  readonly dir = mkdtempSync(join(tmpdir(), 'jobindex-user-'));
  readonly indexFile = join(this.dir, 'index.sqlite');
  readonly userFile = join(this.dir, 'user.sqlite');
  clock = FIXTURE.now;
  indexDb!: IndexDb;
  index!: IndexContext;
  userDb!: UserDb;
  user!: UserContext;
  services!: UserDataServices;
  handlers!: Map<string, UniversalHandler>;
  jobs!: Client<typeof JobsService>;
  saved!: Client<typeof SavedJobsService>;
  searches!: Client<typeof SavedSearchesService>;
  hiding!: Client<typeof HidingService>;
  reports!: Client<typeof ReportsService>;

  constructor(private readonly opts: Partial<UserContextOptions> = {}) {
    copyFileSync(inject('fixtureIndex'), this.indexFile);
    this.openIndex();
    this.openUser();
  }

  /** Opens (or reopens) the index file, as the app does after replacing it. */
  openIndex(): void {
    this.indexDb = openIndex(this.indexFile);
    this.usePlan(undefined);
  }

  /** Searches with `plan` forced from now on (undefined: the cost model's choice), as the app searches otherwise. */
  usePlan(plan: Plan['kind'] | undefined): void {
    this.index = createIndexContext(this.indexDb, () => this.clock, {
      forcePlan: plan,
      exclusions: () => this.user.exclusions.current(),
    });
    if (this.user) this.wire();
  }

  /** Reopens the user file, as a restarted app would. */
  reopenUser(): void {
    this.services.close();
    this.userDb.close();
    this.openUser();
  }

  private openUser(): void {
    this.userDb = openUserDb(this.userFile);
    this.services = userDataServices(this.userDb, () => this.index, {
      now: () => this.clock,
      timers: false,
      ...this.opts,
    });
    this.user = this.services.ctx;
    this.wire();
  }

  private wire(): void {
    this.handlers = handlersOf([indexRoutes(this.index), (r) => this.services.routes(r)]);
    const t = createInMemoryTransport(this.handlers);
    this.jobs = createClient(JobsService, t);
    this.saved = createClient(SavedJobsService, t);
    this.searches = createClient(SavedSearchesService, t);
    this.hiding = createClient(HidingService, t);
    this.reports = createClient(ReportsService, t);
  }

  writer(): IndexWriter {
    return new IndexWriter(this.indexDb);
  }

  /** Adds an active job to the index (a sync would), discovered at `discoveredAt`. */
  addJob(over: Partial<JobRecord> & { discoveredAt: number }, opts: { refreshStats?: boolean } = {}): JobRecord {
    const company = this.indexDb.prepare('SELECT id FROM companies ORDER BY cid LIMIT 1').get() as { id: string };
    const id = over.id ?? randomUUID();
    const rec: JobRecord = {
      id,
      slug: 'harness-probe',
      title: 'Harness Probe Lighthouse Keeper',
      companyId: company.id,
      locations: [{ city: 'Lisbon', country: 'PT', remote: false }],
      remote: false,
      workMode: 'onsite',
      employmentType: 'full_time',
      seniority: 'mid',
      // Each job a role of its own (folding.md): its own words, so counts of roles count it.
      descriptionHtml: `<p>Keep the light, post ${id.replace(/-/g, '').replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)}.</p>`,
      sourceType: 'ats',
      sourcePlatform: 'lever',
      status: 'active',
      lastSeenAt: over.discoveredAt,
      lastScrapedAt: over.discoveredAt,
      lastVerifiedAt: over.discoveredAt,
      ...over,
    };
    this.writer().upsertJob(rec);
    if (opts.refreshStats !== false) refreshStats(this.indexDb);
    return rec;
  }

  /** Every card of a search, walking the cursor, as the UI or an export would. */
  async walk(query: { query?: string; filters?: Record<string, unknown> } = {}, limit = 100): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.jobs.list({ query: { ...query, limit, ...(cursor ? { cursor } : {}) } });
      ids.push(...page.data.map((c) => c.id));
      cursor = page.pagination?.nextCursor;
    } while (cursor);
    return ids;
  }

  close(): void {
    this.services.close();
    this.userDb.close();
    this.indexDb.close();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** Every card of a search through the service, page by page: the reference an export must match. */
  async allCards(query: { query?: string; filters?: Record<string, unknown> }): Promise<JobCard[]> {
    const cards: JobCard[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.jobs.list({ query: { ...query, limit: 100, ...(cursor ? { cursor } : {}) } });
      cards.push(...page.data);
      cursor = page.pagination?.nextCursor;
    } while (cursor);
    return cards;
  }

  /**
   * What a search export must write for these cards, read through Get (not the export's own
   * call): CSV's `locations` and `apply_url` cells, and the JSON row (card + locations + applyUrl).
   */
  async exportExpected(
    cards: JobCard[],
  ): Promise<Array<{ card: JobCard; locations: string; applyUrl: string; json: Record<string, unknown> }>> {
    return Promise.all(
      cards.map(async (card) => {
        const d = await this.jobs.get({ id: card.id });
        return {
          card,
          locations: d.locations.map(locationWords).join('; '),
          applyUrl: d.applyUrl ?? '',
          json: {
            ...(toWireJson(JobCardSchema, card) as Record<string, unknown>),
            locations: d.locations.map((l) => toWireJson(LocationSchema, l)),
            ...(d.applyUrl !== undefined ? { applyUrl: d.applyUrl } : {}),
          },
        };
      }),
    );
  }
}
