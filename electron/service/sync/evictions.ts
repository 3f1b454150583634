import type { Database, Statement } from 'better-sqlite3';
import type { GetResponse } from '#shared/gen/svc/jobs/v1/jobs_pb';
import type { IndexWriter } from '../index-db/write/index-writer.js';
import type { JobSources } from '../index-db/write/job-sources.js';
import { expiredAtOf } from './upstream-records.js';

/**
 * Evictions the upstream confirmed during a run. They wait in `sync_evictions` and are applied
 * only by the run's commit, so a failed, partial or interrupted sync never expires anything.
 */
export class Evictions {
  private readonly put: Statement;
  private readonly del: Statement;

  constructor(private readonly db: Database) {
    this.put = db.prepare('INSERT OR REPLACE INTO sync_evictions (id, kind, expired_at) VALUES (?, ?, ?)');
    this.del = db.prepare('DELETE FROM sync_evictions WHERE id = ?');
  }

  stageExpired(d: GetResponse): void {
    this.put.run(d.id.toLowerCase(), 'expire', expiredAtOf(d));
  }

  stagePurge(id: string): void {
    this.put.run(id.toLowerCase(), 'purge', null);
  }

  /** A later answer said the job is active: the earlier eviction no longer holds. */
  cancel(id: string): void {
    this.del.run(id);
  }

  /**
   * Applies every staged eviction (call inside the commit's transaction). A job another source
   * still holds stays as that source has it: only this upstream's own claim changes.
   */
  apply(writer: IndexWriter, sources: JobSources, source: string): { expired: number; purged: number } {
    let expired = 0;
    let purged = 0;
    const rows = this.db
      .prepare<[], { id: string; kind: 'expire' | 'purge'; expiredAt: number | null }>(
        'SELECT id, kind, expired_at AS expiredAt FROM sync_evictions',
      )
      .all();
    for (const r of rows) {
      if (sources.othersHold(r.id, source)) {
        if (r.kind === 'expire') sources.closed(r.id, source, r.expiredAt!);
        else sources.release(r.id, source);
        continue;
      }
      if (r.kind === 'expire') sources.closed(r.id, source, r.expiredAt!);
      if (r.kind === 'expire' && writer.expireJob(r.id, r.expiredAt!)) expired++;
      if (r.kind === 'purge' && writer.deleteJob(r.id)) purged++;
    }
    return { expired, purged };
  }
}
