import { describe, expect, it } from 'vitest';
import { indexMigrations as M } from '../../../../electron/service/index-db/migrations/index.js';
import { before, builtAt, putJob, tables, upgradeTo } from '../../sqlite/migration-steps.js';

describe('index migration 0003 (sync card log)', () => {
  it('adds the card log to a file of 0002 and keeps its jobs', () => {
    const db = builtAt(M, before(M, 3));
    putJob(db);
    expect(tables(db)).not.toContain('sync_card_log');
    upgradeTo(db, M, 3);
    expect(tables(db)).toContain('sync_card_log');
    expect(db.prepare('SELECT count(*) FROM jobs').pluck().get()).toBe(1);
  });
});
