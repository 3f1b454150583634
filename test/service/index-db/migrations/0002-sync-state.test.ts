import { describe, expect, it } from 'vitest';
import { indexMigrations as M } from '../../../../electron/service/index-db/migrations/index.js';
import { before, builtAt, putJob, tables, upgradeTo } from '../../sqlite/migration-steps.js';

describe('index migration 0002 (sync state)', () => {
  it("adds sync's tables to a file of 0001 and keeps its jobs", () => {
    const db = builtAt(M, before(M, 2));
    putJob(db);
    upgradeTo(db, M, 2);
    expect(tables(db)).toEqual(
      expect.arrayContaining(['sync_state', 'sync_cards', 'sync_evictions', 'sync_company_counts']),
    );
    expect(db.prepare('SELECT id FROM jobs').pluck().all()).toEqual(['j1']);
  });
});
