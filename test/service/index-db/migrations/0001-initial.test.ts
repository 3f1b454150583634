import { describe, expect, it } from 'vitest';
import { indexMigrations as M } from '../../../../electron/service/index-db/migrations/index.js';
import { before, builtAt, putJob, tables, upgradeTo } from '../../sqlite/migration-steps.js';

describe('index migration 0001 (initial)', () => {
  it('makes a new file the index schema, with a cursor secret of its own', () => {
    const db = builtAt(M, before(M, 1));
    expect(tables(db)).toEqual([]);
    upgradeTo(db, M, 1);
    expect(tables(db)).toEqual(
      expect.arrayContaining([
        'meta',
        'companies',
        'jobs',
        'job_locations',
        'job_descriptions',
        'job_search',
        'facet_counts',
        'quantiles',
      ]),
    );
    const secret = db.prepare("SELECT value FROM meta WHERE key = 'cursor_secret'").pluck().get() as string;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(builtAt(M, 1).prepare("SELECT value FROM meta WHERE key = 'cursor_secret'").pluck().get()).not.toBe(secret);
    putJob(db);
    expect(db.prepare('SELECT count(*) FROM jobs').pluck().get()).toBe(1);
  });
});
