import type { Migration } from '../../sqlite/migrate.js';

// Text in pay order (docs/decisions/comparable-pay.md § Text in pay order): a second search
// index, as job_search is made, holding the active jobs that have a comparable pay under a rowid
// that follows the pay order (search/pay-key.ts), so "Highest pay" with text walks it from the
// top and stops at the n-th match. jobs.pay_rowid links each job to its row; the triggers drop
// the row when the job is deleted or leaves `active`, whoever does it (writer, purge, a board's
// retirement), and the writer and setExchangeRates write rows (write/pay-search.ts).
// Its rows are derived data: the migration asks for them (a meta flag) and live code fills them
// with today's rules once the migrations are done (index-db/after-migrate.ts).
export const m0010PayOrderSearch: Migration = {
  version: 10,
  name: 'pay-order-search',
  up: `
ALTER TABLE jobs ADD COLUMN pay_rowid INTEGER;
CREATE UNIQUE INDEX jobs_by_pay_rowid ON jobs(pay_rowid) WHERE pay_rowid IS NOT NULL;
CREATE VIRTUAL TABLE job_pay_search USING fts5(
  title, company, description, facets,
  content='', contentless_delete=1, detail=column,
  tokenize='unicode61 remove_diacritics 2', prefix='2 3'
);
CREATE TRIGGER jobs_pay_search_delete AFTER DELETE ON jobs WHEN OLD.pay_rowid IS NOT NULL BEGIN
  DELETE FROM job_pay_search WHERE rowid = OLD.pay_rowid;
END;
CREATE TRIGGER jobs_pay_search_inactive AFTER UPDATE OF status ON jobs
  WHEN OLD.pay_rowid IS NOT NULL AND NEW.status != 'active' BEGIN
  DELETE FROM job_pay_search WHERE rowid = OLD.pay_rowid;
  UPDATE jobs SET pay_rowid = NULL WHERE rid = NEW.rid;
END;
INSERT OR REPLACE INTO meta (key, value) VALUES ('after_migrate_pay_search', '1');
`,
};
