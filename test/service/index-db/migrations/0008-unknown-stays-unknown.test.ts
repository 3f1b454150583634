import { describe, expect, it } from 'vitest';
import { indexMigrations as M } from '../../../../electron/service/index-db/migrations/index.js';
import { before, builtAt, putJob, upgradeTo } from '../../sqlite/migration-steps.js';

describe('index migration 0008 (unknown stays unknown)', () => {
  it('lets a file of 0007 hold a job whose remote flag and work mode are unknown, keeping its rows', () => {
    const db = builtAt(M, before(M, 8));
    putJob(db);
    const unknown = "UPDATE jobs SET remote = NULL, work_mode = '' WHERE id = 'j1'";
    expect(() => db.exec(unknown)).toThrow(/constraint/i);
    upgradeTo(db, M, 8);
    db.exec(unknown);
    expect(db.prepare("SELECT remote, work_mode FROM jobs WHERE id = 'j1'").get()).toEqual({
      remote: null,
      work_mode: '',
    });
    // The other checks stay: a work mode outside the vocabulary is still refused.
    expect(() => db.exec("UPDATE jobs SET work_mode = 'moon' WHERE id = 'j1'")).toThrow(/constraint/i);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});
