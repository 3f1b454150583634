import type { Database } from 'better-sqlite3';
import type { Migration } from '../../sqlite/migrate.js';
import { RETIRED_RUNG_TOKEN } from '../search/pay-key.js';
import { rebuildPaySearch } from '../write/pay-search.js';

// payMax in pay order by pay-floor cells (docs/decisions/comparable-pay.md § payMax in pay
// order): job_pay_search rows carry four nested cells of the pay floor instead of a ladder of
// rung tokens. A file whose 0010 wrote rungs is rewritten; one 0010 built with cells is left alone.
function up(db: Database): void {
  const rungs = db.prepare<[string], 1>('SELECT 1 FROM job_pay_search WHERE job_pay_search MATCH ? LIMIT 1').pluck();
  if (rungs.get(`{facets}: ${RETIRED_RUNG_TOKEN}`)) rebuildPaySearch(db);
}

export const m0011PayFloorCells: Migration = { version: 11, name: 'pay-floor-cells', up };
