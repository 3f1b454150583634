import { createHash } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';

/** Keys of the index's `meta` table. */
export type MetaKey =
  | 'index_version'
  | 'built_at'
  | 'stats_at'
  /** Active (searchable) jobs as of the last stats refresh. */
  | 'active_jobs'
  /** Active roles (fold groups) as of the last stats refresh (docs/decisions/folded-counts.md). */
  | 'active_roles'
  | 'last_sync_at'
  | 'upstream'
  | 'cursor_secret'
  | 'generator'
  /** The exchange-rate table's day and source (docs/decisions/comparable-pay.md). */
  | 'exchange_rates_as_of'
  | 'exchange_rates_source'
  /** Set by the generator: every job here is invented sample data, until a real board is followed. */
  | 'sample_data'
  /** When the sample left because a real board was followed: a bundled sample never replaces this index. */
  | 'sample_cleared_at'
  /** Work a migration asks live code to do once the migrations are done (after-migrate.ts). */
  | 'after_migrate_pay_search'
  | 'after_migrate_shipped_rates'
  | 'after_migrate_refold'
  | 'after_migrate_search_rows'
  | 'after_migrate_regions'
  | 'after_migrate_stats'
  | 'after_migrate_pack_descriptions'
  /** Jobs were written after the last stats refresh (a run died before its own): stale-counts.ts. */
  | 'counts_stale';

// Read on every request (the planner checks the index version), so prepared once per connection.
const readers = new WeakMap<Database, Statement<[MetaKey], string>>();

export function getMeta(db: Database, key: MetaKey): string | undefined {
  let read = readers.get(db);
  if (!read) {
    read = db.prepare<[MetaKey], string>('SELECT value FROM meta WHERE key = ?').pluck();
    readers.set(db, read);
  }
  return read.get(key);
}

export function setMeta(db: Database, key: MetaKey, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
    key,
    value,
  );
}

/** The key that signs this index's cursors; the first migration makes one per file. */
export function cursorSecret(db: Database): Buffer {
  const hex = getMeta(db, 'cursor_secret');
  if (hex) return Buffer.from(hex, 'hex');
  // A file whose key was removed: a key every reader of this content derives alike.
  return createHash('sha256')
    .update(`cursor:${getMeta(db, 'index_version') ?? ''}`)
    .digest();
}
