import type { Migration } from '../../sqlite/migrate.js';

// Alerts for saved searches (docs/decisions/search-alerts.md): on or off per search, and the
// newest discovery time already announced, kept in the user's file so that nothing is announced
// twice and nothing is missed while the app was closed.
export const m0007SearchAlerts: Migration = {
  version: 7,
  name: 'search alerts',
  up: `
ALTER TABLE saved_searches ADD COLUMN alerts INTEGER NOT NULL DEFAULT 1 CHECK (alerts IN (0, 1));
ALTER TABLE saved_searches ADD COLUMN alerted_ms INTEGER NOT NULL DEFAULT 0;
`,
};
