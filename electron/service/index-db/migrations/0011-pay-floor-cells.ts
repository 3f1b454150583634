import type { Migration } from '../../sqlite/migrate.js';

// payMax in pay order by pay-floor cells (docs/decisions/comparable-pay.md § payMax in pay
// order): job_pay_search rows carry four nested cells of the pay floor instead of a ladder of
// rung tokens. A file whose 0010 wrote rungs (the retired token xpl350 is in its facets) is
// rewritten by live code after the migrations (index-db/after-migrate.ts); one 0010 built with
// cells is left alone.
export const m0011PayFloorCells: Migration = {
  version: 11,
  name: 'pay-floor-cells',
  up: `
INSERT OR REPLACE INTO meta (key, value)
  SELECT 'after_migrate_pay_search', '1'
  WHERE EXISTS (SELECT 1 FROM job_pay_search WHERE job_pay_search MATCH '{facets}: xpl350');
`,
};
