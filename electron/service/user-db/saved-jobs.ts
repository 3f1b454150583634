import type { Statement } from 'better-sqlite3';
import type { SavedSort, TrackingStage } from '#shared/rules/tracking';
import { fold, words } from '#shared/text/fold';
import type { UserDb } from './open-user-db.js';

export interface SavedJobRow {
  job_id: string;
  snapshot_json: string;
  title: string;
  company_name: string;
  stage: TrackingStage;
  notes: string;
  follow_up_on: string | null;
  saved_at: number;
  updated_at: number;
  closed_at: number | null;
  /** The index's key of the source that closed it (`board:…`, `upstream:…`); null while open or unknown. */
  closed_by?: string | null;
  last_seen_open_at: number | null;
  last_checked_at: number | null;
  /** Set while unsaved: the row is kept so saving again restores its tracking. */
  unsaved_at?: number | null;
}

export interface StageMoveRow {
  stage: TrackingStage;
  moved_at: number;
}

export interface SavedJobRecord {
  row: SavedJobRow;
  /** Oldest first; the first move is `saved`. */
  history: StageMoveRow[];
}

/** A detail snapshot and what the list needs from it. */
export interface Snapshot {
  json: string;
  title: string;
  companyName: string;
}

export interface SavedJobFilter {
  stage?: TrackingStage;
  text?: string;
  closed?: boolean;
  /** YYYY-MM-DD: follow-up on or before. */
  followUpBy?: string;
  sort: SavedSort;
}

/**
 * How long an unsaved job keeps its tracking: saving it again within this time (the Undo of the
 * app, or later) brings back its stage, notes, follow-up date and history.
 */
export const UNSAVED_KEPT_MS = 30 * 86_400_000;

// Board order of the stages, for sorting by stage.
const STAGE_ORDER = `CASE stage WHEN 'saved' THEN 0 WHEN 'applied' THEN 1 WHEN 'interviewing' THEN 2 WHEN 'offer' THEN 3
  WHEN 'accepted' THEN 4 WHEN 'rejected' THEN 5 ELSE 6 END`;

const ORDER_BY: Record<SavedSort, string> = {
  updated: 'updated_at DESC, job_id',
  saved: 'saved_at DESC, job_id',
  follow_up: 'follow_up_on IS NULL, follow_up_on, updated_at DESC, job_id',
  company: 'company_name COLLATE NOCASE, title COLLATE NOCASE, job_id',
  title: 'title COLLATE NOCASE, company_name COLLATE NOCASE, job_id',
  stage: `${STAGE_ORDER}, updated_at DESC, job_id`,
};

/** The saved jobs of the user file with their stage history; rows are marked, never deleted, by sync. */
export class SavedJobs {
  private readonly getStmt: Statement<[string], SavedJobRow>;
  private readonly movesStmt: Statement<[string], StageMoveRow>;
  private readonly insertStmt: Statement;
  private readonly moveStmt: Statement;

  constructor(
    private readonly db: UserDb,
    private readonly now: () => number = Date.now,
  ) {
    this.getStmt = db.prepare('SELECT * FROM saved_jobs WHERE job_id = ? AND unsaved_at IS NULL');
    this.movesStmt = db.prepare('SELECT stage, moved_at FROM stage_moves WHERE job_id = ? ORDER BY id');
    this.insertStmt =
      db.prepare(`INSERT INTO saved_jobs (job_id, snapshot_json, title, company_name, stage, saved_at, updated_at,
        closed_at, last_seen_open_at) VALUES (@jobId, @json, @title, @companyName, 'saved', @t, @t, @closedAt, @lastSeenOpenAt)`);
    this.moveStmt = db.prepare('INSERT INTO stage_moves (job_id, stage, moved_at) VALUES (?, ?, ?)');
  }

  get(jobId: string): SavedJobRecord | undefined {
    const row = this.getStmt.get(jobId);
    return row && { row, history: this.movesStmt.all(jobId) };
  }

  /**
   * Saves a job once; saving a saved job returns it unchanged, and saving an unsaved one whose
   * tracking is still kept brings it back whole.
   */
  save(
    jobId: string,
    snap: Snapshot,
    state: { closedAt: number | null; lastSeenOpenAt: number | null },
  ): SavedJobRecord {
    return this.db.transaction(() => {
      const had = this.get(jobId) ?? this.restore(jobId);
      if (had) return had;
      const t = this.now();
      this.insertStmt.run({ jobId, json: snap.json, title: snap.title, companyName: snap.companyName, t, ...state });
      this.moveStmt.run(jobId, 'saved', t);
      return this.get(jobId)!;
    })();
  }

  /** Unsaves: the job leaves every list, its tracking is kept for `UNSAVED_KEPT_MS`. */
  remove(jobId: string): boolean {
    return this.db.transaction(() => {
      const t = this.now();
      this.db.prepare('DELETE FROM saved_jobs WHERE unsaved_at < ?').run(t - UNSAVED_KEPT_MS);
      return (
        this.db.prepare('UPDATE saved_jobs SET unsaved_at = ? WHERE job_id = ? AND unsaved_at IS NULL').run(t, jobId)
          .changes > 0
      );
    })();
  }

  /** Brings back an unsaved job with everything it carried; undefined when none is kept. */
  restore(jobId: string): SavedJobRecord | undefined {
    const n = this.db
      .prepare('UPDATE saved_jobs SET unsaved_at = NULL WHERE job_id = ? AND unsaved_at >= ?')
      .run(jobId, this.now() - UNSAVED_KEPT_MS).changes;
    if (n) return this.get(jobId);
    // Kept too long: it goes, and the job is saved afresh.
    this.db.prepare('DELETE FROM saved_jobs WHERE job_id = ? AND unsaved_at IS NOT NULL').run(jobId);
    return undefined;
  }

  /** Moves to `stage` and records the move; moving to the current stage records nothing. */
  move(jobId: string, stage: TrackingStage): SavedJobRecord | undefined {
    return this.db.transaction(() => {
      const had = this.getStmt.get(jobId);
      if (!had) return undefined;
      if (had.stage !== stage) {
        const t = this.now();
        this.db
          .prepare('UPDATE saved_jobs SET stage = ?, updated_at = ? WHERE job_id = ? AND unsaved_at IS NULL')
          .run(stage, t, jobId);
        this.moveStmt.run(jobId, stage, t);
      }
      return this.get(jobId);
    })();
  }

  setNotes(jobId: string, notes: string): SavedJobRecord | undefined {
    return this.update(jobId, 'notes = @v', notes);
  }

  setFollowUp(jobId: string, day: string | null): SavedJobRecord | undefined {
    return this.update(jobId, 'follow_up_on = @v', day);
  }

  list(f: SavedJobFilter): SavedJobRecord[] {
    const conds: string[] = ['unsaved_at IS NULL'];
    const params: Record<string, unknown> = {};
    if (f.stage) {
      conds.push('stage = @stage');
      params.stage = f.stage;
    }
    if (f.closed !== undefined) conds.push(f.closed ? 'closed_at IS NOT NULL' : 'closed_at IS NULL');
    if (f.followUpBy) {
      conds.push('follow_up_on <= @followUpBy');
      params.followUpBy = f.followUpBy;
    }
    const where = `WHERE ${conds.join(' AND ')}`;
    let rows = this.db
      .prepare<[typeof params], SavedJobRow>(`SELECT * FROM saved_jobs ${where} ORDER BY ${ORDER_BY[f.sort]}`)
      .all(params);
    // A person saves hundreds of jobs, not millions: the text filter runs here, accent-folded.
    const want = f.text ? words(f.text) : [];
    if (want.length) {
      rows = rows.filter((r) => {
        const hay = fold(`${r.title} ${r.company_name} ${r.notes}`);
        return want.every((w) => hay.includes(w));
      });
    }
    const moves = this.allMoves();
    return rows.map((row) => ({ row, history: moves.get(row.job_id) ?? [] }));
  }

  ids(): Array<{ job_id: string; stage: TrackingStage }> {
    return this.db
      .prepare<[], { job_id: string; stage: TrackingStage }>(
        'SELECT job_id, stage FROM saved_jobs WHERE unsaved_at IS NULL ORDER BY job_id',
      )
      .all();
  }

  /** Sync found the job open: take its fresh detail, reopen it if it had closed. */
  recordOpen(jobId: string, snap: Snapshot, checkedAt: number): void {
    this.db
      .prepare(
        `UPDATE saved_jobs SET snapshot_json = ?, title = ?, company_name = ?, closed_at = NULL, closed_by = NULL,
        last_seen_open_at = ?, last_checked_at = ? WHERE job_id = ?`,
      )
      .run(snap.json, snap.title, snap.companyName, checkedAt, checkedAt, jobId);
  }

  /**
   * Sync or a crawl found the job closed: keep the snapshot, note when it closed and which source
   * said so (first time only; a close of unknown source takes a later one's name).
   */
  recordClosed(jobId: string, closedAt: number, checkedAt: number, closedBy?: string): void {
    this.db
      .prepare(
        `UPDATE saved_jobs SET closed_by = CASE WHEN closed_at IS NULL THEN @by ELSE coalesce(closed_by, @by) END,
        closed_at = coalesce(closed_at, @closedAt), last_checked_at = @checkedAt WHERE job_id = @jobId`,
      )
      .run({ by: closedBy ?? null, closedAt, checkedAt, jobId });
  }

  private update(jobId: string, set: string, v: unknown): SavedJobRecord | undefined {
    const n = this.db
      .prepare(`UPDATE saved_jobs SET ${set}, updated_at = @t WHERE job_id = @jobId AND unsaved_at IS NULL`)
      .run({ v, t: this.now(), jobId }).changes;
    return n ? this.get(jobId) : undefined;
  }

  private allMoves(): Map<string, StageMoveRow[]> {
    const out = new Map<string, StageMoveRow[]>();
    for (const m of this.db
      .prepare<[], StageMoveRow & { job_id: string }>('SELECT job_id, stage, moved_at FROM stage_moves ORDER BY id')
      .all()) {
      let list = out.get(m.job_id);
      if (!list) out.set(m.job_id, (list = []));
      list.push({ stage: m.stage, moved_at: m.moved_at });
    }
    return out;
  }
}
