import { describe, expect, it } from 'vitest';
import { indexMigrations as M } from '../../../../electron/service/index-db/migrations/index.js';
import { before, builtAt, columns, putJob, upgradeTo } from '../../sqlite/migration-steps.js';

describe('index migration 0009 (posting source)', () => {
  it("adds the posting's own URL and dates to a file of 0008, unknown for the jobs it holds", () => {
    const db = builtAt(M, before(M, 9));
    putJob(db);
    upgradeTo(db, M, 9);
    expect(columns(db, 'jobs')).toEqual(expect.arrayContaining(['posting_url', 'posted_at', 'source_updated_at']));
    expect(db.prepare("SELECT posting_url, posted_at, source_updated_at FROM jobs WHERE id = 'j1'").get()).toEqual({
      posting_url: null,
      posted_at: null,
      source_updated_at: null,
    });
  });
});
