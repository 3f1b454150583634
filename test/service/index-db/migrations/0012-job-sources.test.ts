import { describe, expect, it } from 'vitest';
import { indexMigrations as M } from '../../../../electron/service/index-db/migrations/index.js';
import { before, builtAt, putJob, tables, upgradeTo } from '../../sqlite/migration-steps.js';

const holders = (db: ReturnType<typeof builtAt>) =>
  db.prepare('SELECT job_id, source, open FROM job_sources ORDER BY job_id, source').all();

describe('index migration 0012 (job sources)', () => {
  it("gives a synced file's crawled postings to their board and every other job to its upstream", () => {
    const db = builtAt(M, before(M, 12));
    putJob(db, 'synced');
    putJob(db, 'crawled');
    db.prepare(
      "INSERT INTO crawl_postings (job_id, board_key, posting_id, hash) VALUES ('crawled', 'greenhouse:acme', '7', 'h')",
    ).run();
    db.prepare("INSERT INTO meta (key, value) VALUES ('upstream', 'http://up.example')").run();
    upgradeTo(db, M, 12);
    expect(tables(db)).toContain('job_sources');
    expect(holders(db)).toEqual([
      { job_id: 'crawled', source: 'board:greenhouse:acme', open: 1 },
      { job_id: 'synced', source: 'upstream:http://up.example', open: 1 },
    ]);
  });

  it('leaves the sample unattributed: no source holds it, so the first real data clears it', () => {
    const db = builtAt(M, before(M, 12));
    putJob(db, 'sample');
    db.prepare("INSERT INTO meta (key, value) VALUES ('upstream', 'http://up.example'), ('sample_data', '1')").run();
    upgradeTo(db, M, 12);
    expect(holders(db)).toEqual([]);
  });
});
