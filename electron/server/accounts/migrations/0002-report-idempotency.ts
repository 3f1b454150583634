import type { Migration } from '#service/sqlite/migrate';

// A client may send `Idempotency-Key` with POST /v1/reports: the same key from the same user is
// stored once, so an outbox that retries after a lost answer never files a report twice
// (docs/decisions/accounts.md, report-outbox.md).
export const m0002ReportIdempotency: Migration = {
  version: 2,
  name: 'report idempotency',
  up: `
ALTER TABLE reports ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX reports_by_idempotency_key ON reports(user_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
`,
};
