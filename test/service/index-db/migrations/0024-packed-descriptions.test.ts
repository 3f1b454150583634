import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { indexMigrations as M } from '../../../../electron/service/index-db/migrations/index.js';
import { openIndex } from '../../../../electron/service/index-db/open-index.js';
import { JobDetails } from '../../../../electron/service/index-db/read/job-detail.js';
import { migrate } from '../../../../electron/service/sqlite/migrate.js';
import { before, builtAt, putJob, upgradeTo } from '../../sqlite/migration-steps.js';

const asked = (db: ReturnType<typeof builtAt>) =>
  db.prepare("SELECT count(*) FROM meta WHERE key = 'after_migrate_pack_descriptions'").pluck().get();

const LONG = `<p>${'We build tools for people who look for work. '.repeat(20)}</p><ul><li>Ünïcødé — ok</li></ul>`;
const SHORT = '<p>Short.</p>';

const dir = mkdtempSync(join(tmpdir(), 'm0024-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('index migration 0024 (packed descriptions)', () => {
  it('asks for the descriptions a file holds as text to be packed', () => {
    const db = builtAt(M, before(M, 24));
    const rid = putJob(db, 'j1');
    db.prepare('INSERT INTO job_descriptions (rid, html) VALUES (?, ?)').run(rid, LONG);
    upgradeTo(db, M, 24);
    expect(asked(db)).toBe(1);
  });

  it('asks for nothing in an empty file', () => {
    const db = builtAt(M, before(M, 24));
    upgradeTo(db, M, 24);
    expect(asked(db)).toBe(0);
  });

  it('a file of the previous release opens with its descriptions packed and each reads as written', () => {
    const file = join(dir, 'previous.sqlite');
    const old = new Database(file);
    migrate(
      old,
      M.slice(
        0,
        M.findIndex((m) => m.version === 24),
      ),
      'index',
    );
    const long = putJob(old, 'long');
    const short = putJob(old, 'short');
    const ins = old.prepare('INSERT INTO job_descriptions (rid, html) VALUES (?, ?)');
    ins.run(long, LONG);
    ins.run(short, SHORT);
    old.close();

    const db = openIndex(file);
    const stored = db
      .prepare('SELECT rid, typeof(html) AS t, length(html) AS n FROM job_descriptions ORDER BY rid')
      .all();
    expect(stored).toEqual([
      { rid: long, t: 'blob', n: expect.any(Number) },
      { rid: short, t: 'text', n: SHORT.length },
    ]);
    expect((stored[0] as { n: number }).n).toBeLessThan(Buffer.byteLength(LONG) / 4);
    expect(asked(db)).toBe(0);
    const details = new JobDetails(db);
    expect(details.get('long')?.job.html).toBe(LONG);
    expect(details.get('short')?.job.html).toBe(SHORT);
    db.close();
  });
});
