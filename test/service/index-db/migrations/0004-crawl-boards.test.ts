import { describe, expect, it } from 'vitest';
import { indexMigrations as M } from '../../../../electron/service/index-db/migrations/index.js';
import { before, builtAt, putJob, schemaObjects, tables, upgradeTo } from '../../sqlite/migration-steps.js';

describe('index migration 0004 (crawl boards)', () => {
  it("adds the crawler's tables to a file of 0003 and keeps its jobs", () => {
    const db = builtAt(M, before(M, 4));
    putJob(db);
    upgradeTo(db, M, 4);
    expect(tables(db)).toEqual(expect.arrayContaining(['crawl_boards', 'crawl_postings', 'crawl_state']));
    expect(schemaObjects(db, 'index')).toContain('crawl_postings_of_board');
    expect(db.prepare('SELECT count(*) FROM jobs').pluck().get()).toBe(1);
  });
});
