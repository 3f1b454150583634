import type { Database } from 'better-sqlite3';
import { IndexWriter } from '../index-db/write/index-writer.js';
import { nextRidCandidate } from '../index-db/write/rid.js';
import { heldByOthers, upstreamSource } from '../index-db/write/job-sources.js';

/** Columns both `main` and `local` have for `table`, less those the copy sets itself. */
export function sharedColumns(db: Database, table: string, except: string[] = []): string[] {
  const names = (schema: string) =>
    db
      .prepare<[], { name: string }>(`PRAGMA ${schema}.table_info(${table})`)
      .all()
      .map((c) => c.name);
  const theirs = new Set(names('local'));
  return names('main').filter((c) => theirs.has(c) && !except.includes(c));
}

const CHUNK = 2000;

/**
 * Copies the local jobs another source holds (heldByOthers: a followed board, another upstream) from the
 * attached `local` index into `main` (the snapshot being adopted), with their locations,
 * descriptions and search rows. A job id both hold stays the board's row (the crawl is the fresher
 * reading); a kept job keeps its rid unless a snapshot job holds it (then the next candidate, as
 * the writer does); its company is the snapshot's when it has the same id (renamed with it),
 * else the local one is added. Work in proportion to the kept jobs: the snapshot's rows, indexes
 * and search rows are taken as they are. Returns how many were kept.
 */
export function keepLocalJobs(db: Database, writer: IndexWriter, upstream: string): number {
  const kept = db
    .prepare<[{ src: string }], { id: string; rid: number; cid: number }>(
      `SELECT id, rid, company_cid AS cid FROM local.jobs WHERE id IN (${heldByOthers('local')}) ORDER BY rid`,
    )
    .all({ src: upstreamSource(upstream) });
  if (kept.length === 0) return 0;
  for (const k of kept) writer.deleteJob(k.id);

  const companyCid = new Map<number, number>();
  const companyOf = db.prepare<[number], Record<string, string | number | null>>(
    'SELECT * FROM local.companies WHERE cid = ?',
  );
  const cidOf = db.prepare<[string], number>('SELECT cid FROM main.companies WHERE id = ?').pluck();
  for (const cid of new Set(kept.map((k) => k.cid))) {
    const c = companyOf.get(cid)!;
    if (cidOf.get(c.id as string) === undefined)
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
    companyCid.set(cid, cidOf.get(c.id as string)!);
  }

  db.exec(`DROP TABLE IF EXISTS temp.kept_rids;
    CREATE TEMP TABLE kept_rids (lrid INTEGER PRIMARY KEY, rid INTEGER NOT NULL UNIQUE, cid INTEGER NOT NULL);`);
  const taken = db
    .prepare<[number, number], 1>(
      'SELECT 1 FROM main.jobs WHERE rid = ? UNION ALL SELECT 1 FROM temp.kept_rids WHERE rid = ?',
    )
    .pluck();
  const put = db.prepare('INSERT INTO temp.kept_rids (lrid, rid, cid) VALUES (?, ?, ?)');
  for (const k of kept) {
    let rid = k.rid;
    while (taken.get(rid, rid)) rid = nextRidCandidate(rid);
    put.run(k.rid, rid, companyCid.get(k.cid)!);
  }

  // The insert trigger computes each kept job's comparable pay under the upstream's rates.
  const jobCols = sharedColumns(db, 'jobs', [
    'rid',
    'company_cid',
    'company_name',
    'company_slug',
    'company_sort',
    'pay_rowid',
  ]);
  db.exec(`INSERT INTO main.jobs (rid, company_cid, company_name, company_slug, company_sort, ${jobCols.join(', ')})
    SELECT r.rid, r.cid, c.name, c.slug, c.sort_key, ${jobCols.map((x) => `j.${x}`).join(', ')}
    FROM local.jobs j JOIN temp.kept_rids r ON r.lrid = j.rid JOIN main.companies c ON c.cid = r.cid ORDER BY r.rid`);
  const locCols = sharedColumns(db, 'job_locations', ['job_rid']);
  db.exec(`INSERT INTO main.job_locations (job_rid, ${locCols.join(', ')})
    SELECT r.rid, ${locCols.map((x) => `l.${x}`).join(', ')} FROM local.job_locations l JOIN temp.kept_rids r ON r.lrid = l.job_rid`);
  const descCols = sharedColumns(db, 'job_descriptions', ['rid']);
  db.exec(`INSERT INTO main.job_descriptions (rid, ${descCols.join(', ')})
    SELECT r.rid, ${descCols.map((x) => `d.${x}`).join(', ')} FROM local.job_descriptions d JOIN temp.kept_rids r ON r.lrid = d.rid`);
  // Their other holders (the boards) come along; the upstream's mark is the caller's.
  db.exec(`INSERT OR IGNORE INTO main.job_sources (job_id, source, open, at)
    SELECT s.job_id, s.source, s.open, s.at FROM local.job_sources s JOIN local.jobs j ON j.id = s.job_id
      JOIN temp.kept_rids r ON r.lrid = j.rid`);

  const rids = db.prepare<[], number>('SELECT rid FROM temp.kept_rids ORDER BY rid').pluck().all();
  for (let i = 0; i < rids.length; i += CHUNK)
    writer.indexStoredJobs('j.rid IN (SELECT value FROM json_each(?))', JSON.stringify(rids.slice(i, i + CHUNK)));
  db.exec('DROP TABLE temp.kept_rids');
  return kept.length;
}
