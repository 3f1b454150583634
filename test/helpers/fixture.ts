import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createClient, type Client } from '@connectrpc/connect';
import type { UniversalHandler } from '@connectrpc/connect/protocol';
import { CompaniesService } from '#shared/gen/svc/companies/v1/companies_pb';
import { JobsService } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { MetaService } from '#shared/gen/svc/meta/v1/meta_pb';
import type { CorpusOptions } from '../../electron/tools/generate/corpus.js';
import { openIndex, type IndexDb } from '#service/index-db/open-index';
import { createInMemoryTransport } from '#service/rpc/in-memory-transport';
import { invokeUnary } from '#service/rpc/invoke';
import { createHandlers } from '../../electron/service/rpc/router.js';
import { createIndexContext, type IndexContext } from '../../electron/service/index-services/index-context.js';
import { indexRoutes } from '#service/index-services/routes';
import { withDescriptionSql } from './description-sql.js';

/** The corpus every test shares: big enough for many pages per filter, quick to build. */
export const FIXTURE: CorpusOptions = { jobs: 3000, seed: 11, now: Date.UTC(2026, 10, 1) };

export interface Harness {
  db: IndexDb;
  ctx: IndexContext;
  handlers: Map<string, UniversalHandler>;
  jobs: Client<typeof JobsService>;
  companies: Client<typeof CompaniesService>;
  meta: Client<typeof MetaService>;
  /** POSTs a raw JSON body to a path, as an HTTP client would; returns status and parsed body. */
  postJson(path: string, body: unknown): Promise<{ status: number; body: any }>;
  close(): void;
}

/** The shared fixture index (read-only) or, with `writable`, a private copy of it. */
export function openFixture(opts: { writable?: boolean; now?: number } = {}): Harness {
  let file = inject('fixtureIndex');
  let dir: string | undefined;
  if (opts.writable) {
    dir = mkdtempSync(join(tmpdir(), 'jobindex-copy-'));
    copyFileSync(file, join(dir, 'index.sqlite'));
    file = join(dir, 'index.sqlite');
  }
  const db = withDescriptionSql(openIndex(file, { readonly: !opts.writable }));
  const now = opts.now ?? FIXTURE.now;
  const ctx = createIndexContext(db, () => now);
  const handlers = createHandlers(indexRoutes(ctx));
  const transport = createInMemoryTransport(handlers);
  return {
    db,
    ctx,
    handlers,
    jobs: createClient(JobsService, transport),
    companies: createClient(CompaniesService, transport),
    meta: createClient(MetaService, transport),
    postJson: (path, body) => postJson(handlers, path, body),
    close: () => {
      db.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function postJson(
  handlers: Map<string, UniversalHandler>,
  path: string,
  body: unknown,
): Promise<{ status: number; body: any }> {
  if (!handlers.has(path)) throw new Error(`no handler for ${path}`);
  const bytes = new TextEncoder().encode(typeof body === 'string' ? body : JSON.stringify(body));
  const res = await invokeUnary(handlers, { path, body: bytes });
  const text = Buffer.from(res.body).toString('utf8');
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
