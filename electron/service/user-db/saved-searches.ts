import { randomUUID } from 'node:crypto';
import type { UserDb } from './open-user-db.js';

export interface SavedSearchRow {
  id: string;
  name: string;
  /** svc.jobs.v1.JobQuery as protobuf JSON (no limit, no cursor). */
  query_json: string;
  created_at: number;
  opened_at: number;
  /** Jobs discovered after this (epoch ms) are new. */
  baseline_ms: number;
  /** 1 when new jobs for it are announced (search-alerts.ts). */
  alerts: 0 | 1;
  /** The newest discovery time already announced (epoch ms). */
  alerted_ms: number;
}

/** A name already taken (names are unique case-insensitively). */
export class NameTaken extends Error {}

/** Named searches in the user file. */
export class SavedSearches {
  constructor(
    private readonly db: UserDb,
    private readonly now: () => number = Date.now,
  ) {}

  create(name: string, queryJson: string, baselineMs: number): SavedSearchRow {
    const t = this.now();
    const row: SavedSearchRow = {
      id: randomUUID(),
      name,
      query_json: queryJson,
      created_at: t,
      opened_at: t,
      baseline_ms: baselineMs,
      alerts: 1,
      alerted_ms: 0,
    };
    try {
      this.db
        .prepare(
          `INSERT INTO saved_searches (id, name, query_json, created_at, opened_at, baseline_ms, alerts, alerted_ms)
        VALUES (@id, @name, @query_json, @created_at, @opened_at, @baseline_ms, @alerts, @alerted_ms)`,
        )
        .run(row);
    } catch (e) {
      if (isUnique(e)) throw new NameTaken(name);
      throw e;
    }
    return row;
  }

  get(id: string): SavedSearchRow | undefined {
    return this.db.prepare<[string], SavedSearchRow>('SELECT * FROM saved_searches WHERE id = ?').get(id);
  }

  /** Most recently opened first. */
  list(): SavedSearchRow[] {
    return this.db
      .prepare<[], SavedSearchRow>('SELECT * FROM saved_searches ORDER BY opened_at DESC, name COLLATE NOCASE')
      .all();
  }

  /** Opening moves the baseline: what the user has now seen no longer counts as new. */
  open(id: string, baselineMs: number): SavedSearchRow | undefined {
    this.db
      .prepare('UPDATE saved_searches SET opened_at = ?, baseline_ms = max(baseline_ms, ?) WHERE id = ?')
      .run(this.now(), baselineMs, id);
    return this.get(id);
  }

  rename(id: string, name: string): SavedSearchRow | undefined {
    try {
      this.db.prepare('UPDATE saved_searches SET name = ? WHERE id = ?').run(name, id);
    } catch (e) {
      if (isUnique(e)) throw new NameTaken(name);
      throw e;
    }
    return this.get(id);
  }

  remove(id: string): boolean {
    return this.db.prepare('DELETE FROM saved_searches WHERE id = ?').run(id).changes > 0;
  }
}

function isUnique(e: unknown): boolean {
  return e instanceof Error && (e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';
}
