/**
 * Tables that are one index file's own state, never the data it serves: sync checkpoints and staged
 * cards, and the crawl's bookkeeping of followed boards. A snapshot is written without them, and
 * adopting one keeps the local file's (docs/decisions/snapshots.md).
 */
export const OWN_STATE_TABLES = [
  'sync_state',
  'sync_cards',
  'sync_card_log',
  'sync_evictions',
  'sync_company_counts',
  'crawl_state',
  'crawl_postings',
  'crawl_boards',
] as const;
