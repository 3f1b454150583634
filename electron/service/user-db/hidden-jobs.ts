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
  private readonly lifted = new Undoable<HiddenJobRow>(() => this.now());

  constructor(
    private readonly db: UserDb,
    private readonly now: () => number = Date.now,
  ) {}

  /** Hides a job; hiding a hidden job keeps its first reason and time. */
  hide(jobId: string, title: string, companyName: string, reason: HideReason): HiddenJobRow {
    return this.put({ job_id: jobId, title, company_name: companyName, reason, hidden_at: this.now() });
  }

  private put(row: HiddenJobRow): HiddenJobRow {
    this.db
      .prepare<[HiddenJobRow]>(
        `INSERT INTO hidden_jobs (job_id, title, company_name, reason, hidden_at)
        VALUES (@job_id, @title, @company_name, @reason, @hidden_at) ON CONFLICT (job_id) DO NOTHING`,
      )
      .run(row);
    // Just written (or already there): the row exists.
    return this.db.prepare<[string], HiddenJobRow>('SELECT * FROM hidden_jobs WHERE job_id = ?').get(row.job_id)!;
  }

  unhide(jobId: string): boolean {
    this.lifted.remember(
      jobId,
      this.db.prepare<[string], HiddenJobRow>('SELECT * FROM hidden_jobs WHERE job_id = ?').get(jobId),
    );
    return this.db.prepare('DELETE FROM hidden_jobs WHERE job_id = ?').run(jobId).changes > 0;
  }

  /** Hides again, as it was (reason and time), a job this process just unhid (Undo); undefined when it did not. */
  rehide(jobId: string): HiddenJobRow | undefined {
    const row = this.lifted.take(jobId);
    return row && this.put(row);
  }

  list(): HiddenJobRow[] {
    return this.db.prepare<[], HiddenJobRow>('SELECT * FROM hidden_jobs ORDER BY hidden_at DESC, job_id').all();
  }

  ids(): string[] {
    return this.db.prepare<[], string>('SELECT job_id FROM hidden_jobs').pluck().all();
  }
}
