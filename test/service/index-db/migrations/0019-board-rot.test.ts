import { describe, expect, it } from 'vitest';
import { indexMigrations as M } from '../../../../electron/service/index-db/migrations/index.js';
import { before, builtAt, columns, upgradeTo } from '../../sqlite/migration-steps.js';

describe('index migration 0019 (board rot)', () => {
  it("adds the rot columns to crawl_boards and keeps each board's state", () => {
    const db = builtAt(M, before(M, 19));
    db.prepare(
      `INSERT INTO crawl_boards (key, platform, token, state, postings, crawled_at) VALUES ('greenhouse:acme', 'greenhouse', 'acme', 'ok', 7, 1)`,
    ).run();
    upgradeTo(db, M, 19);
    expect(columns(db, 'crawl_boards')).toEqual(
      expect.arrayContaining(['dead_reads', 'dead_since', 'dead_at', 'next_read_at']),
    );
    const row = db.prepare('SELECT postings, dead_reads, dead_at FROM crawl_boards').get();
    expect(row).toEqual({ postings: 7, dead_reads: 0, dead_at: null });
  });
});
