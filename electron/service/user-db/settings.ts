import type { UserDb } from './open-user-db.js';

/** Typed access to the settings table: values are stored as JSON. */
export class Settings {
  private readonly getStmt;
  private readonly putStmt;
  private readonly delStmt;

  constructor(
    db: UserDb,
    private readonly now: () => number = Date.now,
  ) {
    this.getStmt = db.prepare<[string], { value_json: string }>('SELECT value_json FROM settings WHERE key = ?');
    this.putStmt = db.prepare<[string, string, number]>(
      `INSERT INTO settings (key, value_json, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json, updated_at = excluded.updated_at`,
    );
    this.delStmt = db.prepare<[string]>('DELETE FROM settings WHERE key = ?');
  }

  get<T>(key: string): T | undefined {
    const row = this.getStmt.get(key);
    return row ? (JSON.parse(row.value_json) as T) : undefined;
  }

  set(key: string, value: unknown): void {
    if (value === undefined) {
      this.delStmt.run(key);
      return;
    }
    this.putStmt.run(key, JSON.stringify(value), this.now());
  }
}
