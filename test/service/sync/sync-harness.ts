import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { create, type MessageInitShape } from '@bufbuild/protobuf';
import { createClient, type Client } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-web';
import { CompaniesService } from '#shared/gen/svc/companies/v1/companies_pb';
import { JobsService, ListRequestSchema } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { MetaService } from '#shared/gen/svc/meta/v1/meta_pb';
import { buildIndex } from '#tools/generate/build-index';
import { evolveIndex, type EvolveOptions, type EvolveResult } from '#tools/generate/evolve';
import { openIndex, type IndexDb } from '#service/index-db/open-index';
import { createInMemoryTransport } from '#service/rpc/in-memory-transport';
import { createHandlers } from '../../../electron/service/rpc/router.js';
import { createIndexContext } from '../../../electron/service/index-services/index-context.js';
import { indexRoutes } from '#service/index-services/routes';
import type { SavedJobCheck, SavedJobsPort } from '../../../electron/service/sync/saved-jobs-port.js';
import { ensureBuilt } from '../../helpers/built-dist.js';
import { serve, type Served } from '../../server/serve-process.js';

export interface Clients {
  jobs: Client<typeof JobsService>;
  companies: Client<typeof CompaniesService>;
  meta: Client<typeof MetaService>;
}

/** A real `jobindex serve` over a generated index in a temp dir, plus the time machine. */
export interface Upstream {
  dir: string;
  file: string;
  url: string;
  now: number;
  clients: Clients;
  evolve(o: Omit<EvolveOptions, 'now'> & { now?: number }): EvolveResult;
  close(): Promise<void>;
}

/** The moment the generated upstream describes: now, to the second (the server reads the real clock). */
export const testNow = () => Math.floor(Date.now() / 1000) * 1000;

export async function startUpstream(jobs: number, seed: number): Promise<Upstream> {
  await ensureBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'jobindex-sync-'));
  const file = join(dir, 'upstream.sqlite');
  const now = testNow();
  buildIndex(file, { jobs, seed, now });
  const served: Served = await serve('--db', file);
  const transport = createConnectTransport({ baseUrl: served.url, useBinaryFormat: true });
  return {
    dir,
    file,
    url: served.url,
    now,
    clients: {
      jobs: createClient(JobsService, transport),
      companies: createClient(CompaniesService, transport),
      meta: createClient(MetaService, transport),
    },
    evolve(o) {
      const db = openIndex(file);
      try {
        return evolveIndex(db, { ...o, now: o.now ?? testNow() });
      } finally {
        db.close();
      }
    },
    async close() {
      await served.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The router over a local index file, as the app and the CLI reach it. */
export function localClients(db: IndexDb): Clients {
  const transport = createInMemoryTransport(createHandlers(indexRoutes(createIndexContext(db))));
  return {
    jobs: createClient(JobsService, transport),
    companies: createClient(CompaniesService, transport),
    meta: createClient(MetaService, transport),
  };
}

type ListInit = MessageInitShape<typeof ListRequestSchema>['query'];

/** Requests whose answers local and upstream must agree on: every sort, text, filters, work mode. */
export const REQUESTS: ListInit[] = [
  {},
  { query: 'engineer' },
  { query: 'nurse manager', filters: { remote: false } },
  { filters: { country: 'US' } },
  { filters: { workMode: 'remote' } },
  { filters: { workMode: 'hybrid', employmentType: 'full_time' } },
  { filters: { sort: 'salary_desc', salaryMin: 50000 } },
  { filters: { sort: 'company', seniority: 'senior' } },
  { filters: { sort: 'recently_verified' } },
  { query: 'data', filters: { sort: 'newest', country: 'DE' } },
];

/** Every card of a request, all pages, without cursors (they are signed per index). */
export async function walkList(c: Clients, q: ListInit, limit = 100): Promise<unknown[]> {
  const out: unknown[] = [];
  let cursor: string | undefined;
  for (;;) {
    const res = await c.jobs.list(create(ListRequestSchema, { query: { ...q, limit, ...(cursor ? { cursor } : {}) } }));
    out.push(...res.data);
    cursor = res.pagination?.hasMore ? res.pagination.nextCursor : undefined;
    if (!cursor) return out;
  }
}

export async function walkCompanies(c: Clients): Promise<unknown[]> {
  const out: unknown[] = [];
  let cursor: string | undefined;
  for (;;) {
    const res = await c.companies.list({ limit: 100, cursor });
    out.push(...res.data);
    cursor = res.pagination?.hasMore ? res.pagination.nextCursor : undefined;
    if (!cursor) return out;
  }
}

/** Both sides' answers to every request in REQUESTS, the company list and the job count. */
export async function answers(c: Clients): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const q of REQUESTS) out[JSON.stringify(q)] = await walkList(c, q);
  out.companies = await walkCompanies(c);
  out.jobCount = (await c.meta.getInfo({})).jobCount;
  return out;
}

/** The user's saved list, in memory, as the port describes it. */
export class MemorySaved implements SavedJobsPort {
  checks = new Map<string, SavedJobCheck['kind'] | 'expired'>();
  constructor(public ids: string[]) {}
  savedJobIds() {
    return this.ids;
  }
  recordCheck(id: string, check: SavedJobCheck) {
    this.checks.set(id, check.kind === 'detail' && check.detail.status === 'expired' ? 'expired' : check.kind);
  }
}
