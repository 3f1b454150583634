import { describe, expect, it } from 'vitest';
import { indexMigrations as M } from '../../../../electron/service/index-db/migrations/index.js';
import { before, builtAt, putJob, upgradeTo } from '../../sqlite/migration-steps.js';

describe('index migration 0017 (place words)', () => {
  it('asks for the search rows of the jobs a file holds to be written again', () => {
    const db = builtAt(M, before(M, 17));
    putJob(db, 'j1');
    upgradeTo(db, M, 17);
    // The rows themselves are today's rule, written after the migrations (after-migrate.ts).
    expect(db.prepare("SELECT value FROM meta WHERE key = 'after_migrate_search_rows'").pluck().get()).toBe('1');
  });

  it('asks for nothing in an empty file', () => {
    const db = builtAt(M, before(M, 17));
    upgradeTo(db, M, 17);
    expect(db.prepare("SELECT count(*) FROM meta WHERE key = 'after_migrate_search_rows'").pluck().get()).toBe(0);
  });
});
