import type { Database } from 'better-sqlite3';
import { EXPIRED_RETENTION_MS } from '#shared/rules/limits';
import { IndexWriter } from '#service/index-db/write/index-writer';
import { refreshStats } from '#service/index-db/write/refresh-stats';
import { generateCorpus } from './corpus.js';
import { Rng } from './prng.js';

export interface EvolveOptions {
  /** New active jobs, discovered in the minutes before `now`. */
  add?: number;
  /** Active jobs a verification pass finds still live at `now`. */
  reverify?: number;
  /** Active jobs a verification pass finds closed at `now`. */
  expire?: number;
  /** Jobs the upstream forgets outright (answers not_found). */
  remove?: number;
  /** Purge jobs expired more than 30 days before `now`. */
  purgeExpired?: boolean;
  seed: number;
  now: number;
}

export interface EvolveResult {
  added: string[];
  reverified: string[];
  expired: string[];
  removed: string[];
  purged: number;
}

/**
 * The upstream's time machine for tests and benchmarks: moves a generated index forward the way
 * the crawler and verification passes would. Same index, options and seed → same changes.
 */
export function evolveIndex(db: Database, o: EvolveOptions): EvolveResult {
  const rng = new Rng(o.seed);
  const writer = new IndexWriter(db);
  const activeIds = () =>
    db.prepare<[], string>("SELECT id FROM jobs WHERE status = 'active' ORDER BY id").pluck().all();
  const result: EvolveResult = { added: [], reverified: [], expired: [], removed: [], purged: 0 };
  writer.transaction(() => {
    // Disjoint picks: a job is expired, removed or re-verified, never two of them in one step.
    const picks = rng.sample(
      activeIds(),
      Math.min(activeIds().length, (o.expire ?? 0) + (o.remove ?? 0) + (o.reverify ?? 0)),
    );
    result.expired = picks.splice(0, o.expire ?? 0);
    result.removed = picks.splice(0, o.remove ?? 0);
    result.reverified = picks;
    for (const id of result.expired) writer.expireJob(id, o.now);
    for (const id of result.removed) writer.deleteJob(id);
    for (const id of result.reverified) writer.markVerified(id, o.now);
    if (o.add) result.added = addJobs(db, writer, rng, o.add, o.seed, o.now);
    if (o.purgeExpired) result.purged = writer.purgeExpiredBefore(o.now - EXPIRED_RETENTION_MS);
  });
  // Facets, search terms and index_version: a running `serve` on this file sees the new state.
  refreshStats(db, o.now);
  db.pragma('wal_checkpoint(PASSIVE)');
  return result;
}

function addJobs(db: Database, writer: IndexWriter, rng: Rng, n: number, seed: number, now: number): string[] {
  const companies = db.prepare<[], { id: string; name: string }>('SELECT id, name FROM companies ORDER BY id').all();
  if (companies.length === 0) throw new Error('the index has no companies to add jobs to');
  // Realistic postings from the generator, re-homed to this index's companies and made fresh.
  const corpus = generateCorpus({ jobs: n, seed: seed ^ 0x0e701e, now });
  const names = new Map(corpus.companies.map((c) => [c.id, c.name]));
  const ids: string[] = [];
  let i = 0;
  for (const job of corpus.jobs()) {
    const home = companies[Math.floor(rng.next() * companies.length)]!;
    const from = names.get(job.companyId) ?? '';
    const discoveredAt = now - (n - i) * 1000 - rng.int(0, 999);
    i++;
    if (db.prepare('SELECT 1 FROM jobs WHERE id = ?').get(job.id)) continue;
    writer.upsertJob({
      ...job,
      companyId: home.id,
      descriptionHtml: from ? job.descriptionHtml.split(from).join(home.name) : job.descriptionHtml,
      status: 'active',
      expiredAt: undefined,
      discoveredAt,
      lastSeenAt: now,
      lastScrapedAt: now,
      lastVerifiedAt: now,
    });
    ids.push(job.id);
  }
  return ids;
}
