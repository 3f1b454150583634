import type { Database } from 'better-sqlite3';
import { restartPaySearch } from './pay-search.js';
import { storedSearchRows } from './stored-search-rows.js';

const CHUNK = 2000;

/**
 * Rewrites both search indexes from the jobs rows by today's rule of what a search row holds
 * (stored-search-rows.ts): after a migration that changed that rule. Each description is read
 * once for both. Runs inside the caller's transaction; the caller refreshes the statistics (the
 * vocabulary changed).
 */
export function rebuildSearchRows(db: Database): void {
  db.exec(`INSERT INTO job_search (job_search) VALUES ('delete-all');
    INSERT INTO job_search (job_search, rank) VALUES ('automerge', 0);
    INSERT INTO job_search (job_search, rank) VALUES ('hashsize', 67108864);`);
  const insert = db.prepare<[number, string, string, string, string]>(
    'INSERT INTO job_search (rowid, title, company, description, facets) VALUES (?, ?, ?, ?, ?)',
  );
  const pay = restartPaySearch(db);
  const rids = db.prepare<[], number>("SELECT rid FROM jobs WHERE status = 'active' ORDER BY rid").pluck().all();
  for (let i = 0; i < rids.length; i += CHUNK) {
    const chunk = JSON.stringify(rids.slice(i, i + CHUNK));
    for (const r of storedSearchRows(db, 'j.rid IN (SELECT value FROM json_each(?))', chunk)) {
      insert.run(r.rid, r.title, r.company, r.text, r.facets);
      pay.writer.put(r);
    }
  }
  db.exec(`INSERT INTO job_search (job_search) VALUES ('optimize');
    INSERT INTO job_search (job_search, rank) VALUES ('automerge', 4);
    INSERT INTO job_search (job_search, rank) VALUES ('hashsize', 1048576);`);
  pay.finish();
}
