import type { Database } from 'better-sqlite3';
import { nextPayKey, payFloorTokens, payKeyFor } from '../search/pay-key.js';
import { storedSearchRows, type SearchRow } from './stored-search-rows.js';

function prepare(db: Database) {
  return {
    pay: db.prepare<[number], { paySort: number; payMin: number | null; key: number | null }>(
      'SELECT pay_sort AS paySort, pay_min_eur AS payMin, pay_rowid AS key FROM jobs WHERE rid = ?',
    ),
    drop: db.prepare<[number]>('DELETE FROM job_pay_search WHERE rowid = ?'),
    clear: db.prepare<[number]>('UPDATE jobs SET pay_rowid = NULL WHERE rid = ?'),
    taken: db.prepare<[number], 1>('SELECT 1 FROM jobs WHERE pay_rowid = ?').pluck(),
    insert: db.prepare<[number, string, string, string, string]>(
      'INSERT INTO job_pay_search (rowid, title, company, description, facets) VALUES (?, ?, ?, ?, ?)',
    ),
    link: db.prepare<[number, number]>('UPDATE jobs SET pay_rowid = ? WHERE rid = ?'),
  };
}

/**
 * Keeps job_pay_search (migration 0010): the search row of every active job with a comparable
 * pay, under a rowid that follows the pay order, with its pay-floor cells (pay-key.ts). The jobs triggers of 0010 drop a
 * row when its job is deleted or leaves `active`; this writes rows.
 */
export class PaySearchWriter {
  private readonly s: ReturnType<typeof prepare>;

  constructor(db: Database) {
    this.s = prepare(db);
  }

  /** Writes (or rewrites) the row of an active job, from its current pay_sort. */
  put(row: SearchRow): void {
    const cur = this.s.pay.get(row.rid);
    if (!cur) return;
    if (cur.key !== null) {
      this.s.drop.run(cur.key);
      this.s.clear.run(row.rid);
    }
    if (cur.paySort < 0) return;
    let key = payKeyFor(cur.paySort, row.rid);
    while (this.s.taken.get(key)) key = nextPayKey(key);
    this.s.insert.run(key, row.title, row.company, row.text, [row.facets, ...payFloorTokens(cur.payMin)].join(' '));
    this.s.link.run(key, row.rid);
  }
}

const CHUNK = 2000;

/**
 * Empties job_pay_search for a rewrite and hands back the writer that fills it; `finish` merges
 * once at the end (as build-index does for job_search: not many merges while rows stream in).
 * Runs inside the caller's transaction.
 */
export function restartPaySearch(db: Database): { writer: PaySearchWriter; finish: () => void } {
  db.exec(`INSERT INTO job_pay_search (job_pay_search) VALUES ('delete-all');
    INSERT INTO job_pay_search (job_pay_search, rank) VALUES ('automerge', 0);
    INSERT INTO job_pay_search (job_pay_search, rank) VALUES ('hashsize', 67108864);
    UPDATE jobs SET pay_rowid = NULL WHERE pay_rowid IS NOT NULL;`);
  return {
    writer: new PaySearchWriter(db),
    finish: () =>
      db.exec(`INSERT INTO job_pay_search (job_pay_search) VALUES ('optimize');
        INSERT INTO job_pay_search (job_pay_search, rank) VALUES ('automerge', 4);
        INSERT INTO job_pay_search (job_pay_search, rank) VALUES ('hashsize', 1048576);`),
  };
}

/**
 * Rewrites job_pay_search from the jobs rows: at the migration, and after new exchange rates
 * moved every job's pay. Runs inside the caller's transaction.
 */
export function rebuildPaySearch(db: Database): void {
  const pay = restartPaySearch(db);
  const rids = db
    .prepare<[], number>("SELECT rid FROM jobs WHERE status = 'active' AND pay_sort >= 0 ORDER BY rid")
    .pluck()
    .all();
  for (let i = 0; i < rids.length; i += CHUNK) {
    const chunk = rids.slice(i, i + CHUNK);
    for (const row of storedSearchRows(db, 'j.rid IN (SELECT value FROM json_each(?))', JSON.stringify(chunk)))
      pay.writer.put(row);
  }
  pay.finish();
}
