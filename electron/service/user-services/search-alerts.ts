import { normalizeJobQuery } from '#shared/rules/job-query';
import type { IndexContext } from '../index-services/index-context.js';
import type { UserDb } from '../user-db/open-user-db.js';
import { countNewJobs, discoveryWatermark } from './new-jobs.js';

// Alerts for saved searches (docs/decisions/search-alerts.md). Called wherever the index has
// just changed (background sync today; a crawl can call it the same way): for each search with
// alerts on, the jobs it finds that are newer than what was already announced, as ONE alert per
// search; then the announced mark moves to the index's newest discovery time. The mark lives in
// the user's file, so a sync that ran while the app was closed is announced at the next call.

export interface NewJobsAlert {
  searchId: string;
  name: string;
  /** New matching jobs (at most NEW_COUNT_CAP; `capped` beyond). */
  count: number;
  capped: boolean;
}

/** Shows one alert (Electron's Notification in the app, a stand-in in tests). */
export type Notify = (alert: NewJobsAlert) => void;

interface AlertRow {
  id: string;
  name: string;
  query_json: string;
  baseline_ms: number;
  alerted_ms: number;
}

/** Announces the new jobs of every saved search with alerts on; returns what was announced. */
export function announceNewJobs(index: IndexContext, user: UserDb, notify: Notify): NewJobsAlert[] {
  const mark = discoveryWatermark(index);
  const rows = user
    .prepare<[], AlertRow>('SELECT id, name, query_json, baseline_ms, alerted_ms FROM saved_searches WHERE alerts = 1')
    .all();
  const advance = user.prepare('UPDATE saved_searches SET alerted_ms = max(alerted_ms, ?) WHERE id = ?');
  const sent: NewJobsAlert[] = [];
  for (const r of rows) {
    const seen = Math.max(r.baseline_ms, r.alerted_ms);
    if (mark <= seen) continue;
    const q = normalizeJobQuery(JSON.parse(r.query_json) as Parameters<typeof normalizeJobQuery>[0]);
    const { count, capped } = countNewJobs(index, q, seen);
    // The mark moves first: an alert that fails to show is not repeated at every sync.
    advance.run(mark, r.id);
    if (count === 0) continue;
    const alert = { searchId: r.id, name: r.name, count, capped };
    sent.push(alert);
    notify(alert);
  }
  return sent;
}

/**
 * Alerts on or off for one search; false when there is no such search. Turning them on starts
 * from the index as it is: what arrived while they were off is not announced.
 */
export function setSearchAlerts(index: IndexContext, user: UserDb, id: string, on: boolean): boolean {
  return (
    user
      .prepare(
        'UPDATE saved_searches SET alerts = @on, alerted_ms = CASE WHEN @on = 1 THEN max(alerted_ms, @mark) ELSE alerted_ms END WHERE id = @id',
      )
      .run({ on: on ? 1 : 0, mark: discoveryWatermark(index), id }).changes > 0
  );
}
