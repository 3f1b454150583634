import type { HideReason } from '#shared/rules/hiding';
import type { UserDb } from './open-user-db.js';
import { Undoable } from './undoable.js';

export interface HiddenJobRow {
  job_id: string;
  title: string;
  company_name: string;
  reason: HideReason;
  hidden_at: number;
}

/** Jobs kept out of local search results (hidden, or reported expired). */
export class HiddenJobs {
  private readonly lifted = new Undoable<HiddenJobRow>();

  constructor(
    private readonly db: UserDb,
    private readonly now: () => number = Date.now,
  ) {}

  /** Hides a job; hiding a hidden job keeps its first reason and time. */
  hide(jobId: string, title: string, companyName: string, reason: HideReason): HiddenJobRow {
    this.db
      .prepare('INSERT INTO hidden_jobs VALUES (?, ?, ?, ?, ?) ON CONFLICT (job_id) DO NOTHING')
      .run(jobId, title, companyName, reason, this.now());
    // Just written (or already there): the row exists.
    return this.db.prepare<[string], HiddenJobRow>('SELECT * FROM hidden_jobs WHERE job_id = ?').get(jobId)!;
  }

  unhide(jobId: string): boolean {
    this.lifted.remember(jobId, this.db.prepare<[string], HiddenJobRow>('SELECT * FROM hidden_jobs WHERE job_id = ?').get(jobId));
    return this.db.prepare('DELETE FROM hidden_jobs WHERE job_id = ?').run(jobId).changes > 0;
  }

  /** Hides again, as it was, a job this process just unhid (Undo); undefined when it did not. */
  rehide(jobId: string): HiddenJobRow | undefined {
    const row = this.lifted.take(jobId);
    if (!row) return undefined;
    return this.hide(row.job_id, row.title, row.company_name, row.reason);
  }

  list(): HiddenJobRow[] {
    return this.db.prepare<[], HiddenJobRow>('SELECT * FROM hidden_jobs ORDER BY hidden_at DESC, job_id').all();
  }

  ids(): string[] {
    return this.db.prepare<[], string>('SELECT job_id FROM hidden_jobs').pluck().all();
  }
}
