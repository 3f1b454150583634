import { timestampMs } from '@bufbuild/protobuf/wkt';
import { loadSanitizer } from '../sanitize/lazy-sanitizer.js';
import type { SavedJobCheck, SavedJobsPort } from '../sync/saved-jobs-port.js';
import type { SavedJobs } from '../user-db/saved-jobs.js';
import { snapshotOf } from '../user-db/snapshot.js';

/**
 * Sync's view of the saved jobs (electron/service/sync/saved-jobs-port.ts) over the user file: an
 * active job refreshes its snapshot (and reopens); an expired one keeps its snapshot and is
 * marked closed at its expiry date; a job the upstream no longer knows is marked closed at the
 * check. Nothing is ever deleted here.
 */
export class SavedJobsSyncPort implements SavedJobsPort {
  constructor(private readonly saved: SavedJobs) {}

  savedJobIds(): string[] {
    return this.saved.ids().map((r) => r.job_id);
  }

  async recordCheck(jobId: string, check: SavedJobCheck, checkedAt: Date): Promise<void> {
    const id = jobId.toLowerCase();
    const t = checkedAt.getTime();
    if (check.kind === 'gone') return this.saved.recordClosed(id, t, t, check.closedBy);
    const d = check.detail;
    if (d.status === 'active') return this.saved.recordOpen(id, snapshotOf(d, await loadSanitizer()), t);
    const expiredAt = d.expiredAt ? timestampMs(d.expiredAt) : t;
    this.saved.recordClosed(id, expiredAt, t, check.closedBy);
  }
}
