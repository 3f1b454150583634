import { createReadStream, createWriteStream, rmSync, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import Database, { type Database as Db } from 'better-sqlite3';
import { DecompressStream } from 'zstd-napi';
import { setMeta } from '../index-db/meta.js';
import { INDEX_SCHEMA_VERSION, openIndex } from '../index-db/open-index.js';
import { IndexWriter } from '../index-db/write/index-writer.js';
import { HELD_BY_OTHERS, upstreamSource } from '../index-db/write/job-sources.js';
import { PAY_UPDATE } from '../index-db/write/exchange-rates.js';
import { nextRidCandidate } from '../index-db/write/rid.js';
import { PaySearchWriter } from '../index-db/write/pay-search.js';
import { refreshStats } from '../index-db/write/refresh-stats.js';
import { storedSearchRows } from '../index-db/write/stored-search-rows.js';
import { INDEX_FILE } from '../sqlite/file-kinds.js';
import { identify } from '../sqlite/identify.js';
import type { SnapshotManifest } from '../snapshot/manifest.js';
import { SnapshotCorrupt } from './snapshot-download.js';
import { SyncState } from './sync-state.js';

/**
 * Decompresses a downloaded snapshot to `dbFile` and checks it is what the manifest says: its
 * size, a job index (application_id), its schema, SQLite's quick_check and its counts. An older
 * schema is migrated forward. Anything wrong deletes it and throws SnapshotCorrupt.
 */
export async function unpackSnapshot(part: string, dbFile: string, m: SnapshotManifest): Promise<void> {
  rmSync(dbFile, { force: true });
  const refuse = (why: string): never => {
    rmSync(dbFile, { force: true });
    throw new SnapshotCorrupt(`snapshot ${m.file} is refused: ${why}; nothing was changed`);
  };
  try {
    await pipeline(createReadStream(part), new DecompressStream(), createWriteStream(dbFile));
  } catch (e) {
    refuse(`it does not decompress (${(e as Error).message})`);
  }
  if (statSync(dbFile).size !== m.dbBytes)
    refuse(`it decompresses to ${statSync(dbFile).size} bytes, the manifest says ${m.dbBytes}`);
  let db: Db | undefined;
  try {
    db = new Database(dbFile, { readonly: true, fileMustExist: true });
    identify(db, dbFile, INDEX_FILE);
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version !== m.schemaVersion) refuse(`its schema is ${version}, the manifest says ${m.schemaVersion}`);
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') refuse(`SQLite finds it damaged (${String(check)})`);
    const count = (sql: string) => db!.prepare<[], number>(sql).pluck().get();
    const jobs = count('SELECT count(*) FROM jobs');
    const companies = count('SELECT count(*) FROM companies');
    if (jobs !== m.counts.jobs || companies !== m.counts.companies)
      refuse(
        `it holds ${jobs} jobs and ${companies} companies, the manifest says ${m.counts.jobs} and ${m.counts.companies}`,
      );
  } catch (e) {
    if (e instanceof SnapshotCorrupt) throw e;
    refuse((e as Error).message);
  } finally {
    db?.close();
  }
  // An older schema: the same migrations as any index file (a newer one was refused before the download).
  if (m.schemaVersion < INDEX_SCHEMA_VERSION) openIndex(dbFile).close();
}

export interface ImportCounts {
  /** The upstream's jobs now in the index. */
  jobs: number;
  /** Local jobs the snapshot replaced (the upstream's or the sample's before). */
  replaced: number;
  /** Jobs kept because they are not the upstream's (followed boards' jobs). */
  kept: number;
}

/** Columns both files' `table` has, less those the import sets itself. */
function commonColumns(db: Db, table: string, except: string[]): string[] {
  const names = (schema: string) =>
    db
      .prepare<[], { name: string }>(`PRAGMA ${schema}.table_info(${table})`)
      .all()
      .map((c) => c.name);
  const theirs = new Set(names('snap'));
  return names('main').filter((c) => theirs.has(c) && !except.includes(c));
}

const CHUNK = 2000;

/**
 * Makes the upstream's part of the local index the snapshot's, in one transaction (killed or
 * failing: nothing changed). Jobs another source holds (HELD_BY_OTHERS) and their
 * companies stay; every other local job is replaced by the snapshot's; the upstream's exchange
 * rates come with it; the sync marks become the manifest's, so the next walk is incremental.
 * Rows are copied with SQL (same schema); only the search rows are written by the writer.
 */
export function mergeSnapshot(
  db: Db,
  snapFile: string,
  m: SnapshotManifest,
  upstream: string,
  now: number,
): ImportCounts {
  db.prepare('ATTACH DATABASE ? AS snap').run(snapFile);
  try {
    const writer = new IndexWriter(db);
    return writer.transaction(() => {
      // Jobs another source holds stay as that source has them (the one rule of provenance.md).
      db.exec('DROP TABLE IF EXISTS temp.snap_kept; CREATE TEMP TABLE snap_kept (id TEXT PRIMARY KEY) WITHOUT ROWID');
      db.prepare(`INSERT INTO temp.snap_kept SELECT id FROM jobs WHERE id IN (${HELD_BY_OTHERS})`).run({
        src: upstreamSource(upstream),
      });
      const KEPT = 'SELECT id FROM temp.snap_kept';
      const kept = new Set(db.prepare<[], string>(KEPT).pluck().all());
      const replaced = db.prepare<[], number>('SELECT count(*) FROM jobs').pluck().get()! - kept.size;
      if (kept.size === 0) {
        db.exec(`INSERT INTO job_search (job_search) VALUES ('delete-all');
          INSERT INTO job_pay_search (job_pay_search) VALUES ('delete-all');
          UPDATE jobs SET pay_rowid = NULL WHERE pay_rowid IS NOT NULL;
          DELETE FROM job_locations; DELETE FROM job_descriptions; DELETE FROM job_sources; DELETE FROM jobs;`);
      } else {
        const ids = db.prepare<[], string>(`SELECT id FROM jobs WHERE id NOT IN (${KEPT})`).pluck().all();
        for (const id of ids) writer.deleteJob(id);
      }

      // The upstream's rates, before its jobs arrive: the pay trigger computes with them.
      db.exec(`DELETE FROM exchange_rates; INSERT INTO exchange_rates SELECT * FROM snap.exchange_rates;`);
      for (const key of ['exchange_rates_as_of', 'exchange_rates_source'] as const) {
        const v = db.prepare<[string], string>('SELECT value FROM snap.meta WHERE key = ?').pluck().get(key);
        if (v !== undefined) setMeta(db, key, v);
      }

      const companies = db.prepare<[], Record<string, string | number | null>>('SELECT * FROM snap.companies').all();
      for (const c of companies) {
        writer.upsertCompany({
          id: c.id as string,
          slug: c.slug as string,
          name: c.name as string,
          website: c.website as string,
          ...(c.domain !== null ? { domain: c.domain as string } : {}),
          logoUrl: c.logo_url as string,
          industry: c.industry as string,
          employeeCountRange: c.employee_count_range as string,
          ...(c.founded_year !== null ? { foundedYear: c.founded_year as number } : {}),
          createdAt: c.created_at as number,
          updatedAt: c.updated_at as number,
        });
      }
      // created_at is the upstream's too (an upsert keeps a local company's own).
      db.exec(
        'UPDATE companies SET created_at = (SELECT s.created_at FROM snap.companies s WHERE s.id = companies.id) WHERE id IN (SELECT id FROM snap.companies)',
      );

      // The snapshot's rids, but for the rare one a kept job already holds (rid.ts: next candidate).
      db.exec(`DROP TABLE IF EXISTS temp.snap_rids;
        CREATE TEMP TABLE snap_rids (srid INTEGER PRIMARY KEY, rid INTEGER NOT NULL UNIQUE);
        INSERT INTO temp.snap_rids SELECT rid, rid FROM snap.jobs WHERE id NOT IN (SELECT id FROM main.jobs);`);
      const clashes = db
        .prepare<[], number>('SELECT s.srid FROM temp.snap_rids s JOIN main.jobs j ON j.rid = s.rid')
        .pluck()
        .all();
      const taken = db
        .prepare<[number, number], 1>(
          'SELECT 1 FROM main.jobs WHERE rid = ? UNION ALL SELECT 1 FROM temp.snap_rids WHERE rid = ?',
        )
        .pluck();
      const move = db.prepare('UPDATE temp.snap_rids SET rid = ? WHERE srid = ?');
      for (const srid of clashes) {
        let rid = nextRidCandidate(srid);
        while (taken.get(rid, rid)) rid = nextRidCandidate(rid);
        move.run(rid, srid);
      }

      const jobCols = commonColumns(db, 'jobs', ['rid', 'company_cid', 'pay_rowid']);
      db.exec(`INSERT INTO main.jobs (rid, company_cid, ${jobCols.join(', ')})
        SELECT r.rid, c.cid, ${jobCols.map((x) => `s.${x}`).join(', ')}
        FROM snap.jobs s JOIN temp.snap_rids r ON r.srid = s.rid
          JOIN snap.companies sc ON sc.cid = s.company_cid JOIN main.companies c ON c.id = sc.id
        ORDER BY r.rid`);
      const locCols = commonColumns(db, 'job_locations', ['job_rid']);
      db.exec(`INSERT INTO main.job_locations (job_rid, ${locCols.join(', ')})
        SELECT r.rid, ${locCols.map((x) => `l.${x}`).join(', ')} FROM snap.job_locations l JOIN temp.snap_rids r ON r.srid = l.job_rid`);
      const descCols = commonColumns(db, 'job_descriptions', ['rid']);
      db.exec(`INSERT INTO main.job_descriptions (rid, ${descCols.join(', ')})
        SELECT r.rid, ${descCols.map((x) => `d.${x}`).join(', ')} FROM snap.job_descriptions d JOIN temp.snap_rids r ON r.srid = d.rid`);

      // Provenance (provenance.md): the upstream holds every job of its snapshot, the imported
      // ones and those a followed board holds too; the upstream's own bookkeeping is not copied.
      db.prepare(
        `INSERT OR IGNORE INTO job_sources (job_id, source, open, at)
        SELECT j.id, ?, j.status = 'active', j.last_verified_at FROM snap.jobs s JOIN main.jobs j ON j.id = s.id`,
      ).run(upstreamSource(upstream));

      const active = db
        .prepare<[], number>(
          "SELECT j.rid FROM temp.snap_rids r JOIN main.jobs j ON j.rid = r.rid WHERE j.status = 'active' ORDER BY j.rid",
        )
        .pluck()
        .all();
      for (let i = 0; i < active.length; i += CHUNK) {
        writer.indexStoredJobs('j.rid IN (SELECT value FROM json_each(?))', JSON.stringify(active.slice(i, i + CHUNK)));
      }
      // Kept jobs' pay under the upstream's rates, and their place in the pay order.
      if (kept.size > 0) {
        db.exec(PAY_UPDATE(`id IN (${KEPT})`));
        const pay = new PaySearchWriter(db);
        for (const row of storedSearchRows(db, `j.id IN (${KEPT})`)) pay.put(row);
      }
      const gone = db
        .prepare<[], string>(`SELECT id FROM companies WHERE id NOT IN (SELECT id FROM snap.companies)`)
        .pluck()
        .all();
      for (const id of gone) writer.deleteCompanyWithoutJobs(id);
      db.exec('DROP TABLE temp.snap_rids; DROP TABLE temp.snap_kept');

      const state = new SyncState(db);
      state.clearRun();
      if (m.marks) state.setMarks({ upstream, discovered: m.marks.discovered, verified: m.marks.verified });
      setMeta(db, 'upstream', upstream);
      // What was sample is gone: following a board must not clear the upstream's jobs as sample.
      if (db.prepare("DELETE FROM meta WHERE key = 'sample_data'").run().changes > 0)
        setMeta(db, 'sample_cleared_at', String(now));
      refreshStats(db, now);
      return { jobs: m.counts.jobs, replaced, kept: kept.size };
    });
  } finally {
    db.exec('DETACH DATABASE snap');
  }
}
