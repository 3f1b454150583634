import { describe, expect, it } from 'vitest';
import { userMigrations as M } from '../../../../electron/service/user-db/migrations/index.js';
import { before, builtAt, columns, upgradeTo } from '../../sqlite/migration-steps.js';

describe('user migration 0008 (unsaved jobs kept)', () => {
  it("keeps a 0007 file's saved jobs saved, with their stage, notes, date and history", () => {
    const db = builtAt(M, before(M, 8));
    db.prepare(
      `INSERT INTO saved_jobs (job_id, snapshot_json, title, company_name, stage, notes, follow_up_on, saved_at, updated_at)
       VALUES ('0b9e0f3a-1c2d-4e5f-8a9b-0c1d2e3f4a5b', '{"id":"0b9e0f3a-1c2d-4e5f-8a9b-0c1d2e3f4a5b"}', 'Nurse', 'Acme',
               'interviewing', 'call Ana', '2026-12-03', 1, 2)`,
    ).run();
    db.prepare(
      "INSERT INTO stage_moves (job_id, stage, moved_at) VALUES ('0b9e0f3a-1c2d-4e5f-8a9b-0c1d2e3f4a5b', 'interviewing', 2)",
    ).run();
    upgradeTo(db, M, 8);
    expect(columns(db, 'saved_jobs')).toContain('unsaved_at');
    // NULL is "saved": nothing a person saved before this release reads as unsaved after it.
    expect(db.prepare('SELECT stage, notes, follow_up_on, unsaved_at FROM saved_jobs').get()).toEqual({
      stage: 'interviewing',
      notes: 'call Ana',
      follow_up_on: '2026-12-03',
      unsaved_at: null,
    });
    expect(db.prepare('SELECT count(*) FROM stage_moves').pluck().get()).toBe(1);
  });
});
