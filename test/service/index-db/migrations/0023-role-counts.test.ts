import { describe, expect, it } from 'vitest';
import { indexMigrations as M } from '../../../../electron/service/index-db/migrations/index.js';
import { before, builtAt, putJob, upgradeTo } from '../../sqlite/migration-steps.js';

const asked = (db: ReturnType<typeof builtAt>) =>
  db.prepare("SELECT count(*) FROM meta WHERE key = 'after_migrate_stats'").pluck().get();

describe('index migration 0023 (role counts)', () => {
  it('asks for the stats of a file refreshed before role counts were kept', () => {
    const db = builtAt(M, before(M, 23));
    putJob(db, 'j1');
    upgradeTo(db, M, 23);
    // The counts themselves are today's rule, written after the migrations (after-migrate.ts).
    expect(asked(db)).toBe(1);
  });

  it('asks for nothing when the role counts are kept', () => {
    const db = builtAt(M, before(M, 23));
    putJob(db, 'j1');
    db.prepare("INSERT INTO meta (key, value) VALUES ('active_roles', '1')").run();
    upgradeTo(db, M, 23);
    expect(asked(db)).toBe(0);
  });

  it('asks for nothing in an empty file', () => {
    const db = builtAt(M, before(M, 23));
    upgradeTo(db, M, 23);
    expect(asked(db)).toBe(0);
  });
});
