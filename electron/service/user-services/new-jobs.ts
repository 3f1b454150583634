import type { JobQuery } from '#shared/rules/job-query';
import { NEW_COUNT_CAP } from '#shared/rules/saved-search';
import { ridFloor } from '../index-db/write/rid.js';
import type { IndexContext } from '../index-services/index-context.js';

/**
 * The newest discovery time in the index: a saved search's baseline. Jobs discovered after it
 * are new. The rid orders jobs by the second of discovery only (within a second, by id bits), so
 * this reads the newest rid's second and takes the latest time in it.
 */
export function discoveryWatermark(index: IndexContext): number {
  const newest = index.db.prepare<[], number>('SELECT discovered_at FROM jobs ORDER BY rid DESC LIMIT 1').pluck().get();
  if (newest === undefined) return 0;
  return (
    index.db
      .prepare<[number], number>('SELECT max(discovered_at) FROM jobs WHERE rid >= ?')
      .pluck()
      .get(ridFloor(newest)) ?? newest
  );
}

/**
 * How many roles the search finds with a posting discovered after `baselineMs`, up to
 * NEW_COUNT_CAP: the search itself, folded (docs/decisions/folding.md), with a later
 * `discoveredAfter`, so hidden and blocked jobs are left out too, and a role posted in 30 towns
 * is one new job, not 30.
 */
export function countNewJobs(
  index: IndexContext,
  query: JobQuery,
  baselineMs: number,
): { count: number; capped: boolean } {
  const after = Math.max(query.filters.discoveredAfter ?? 0, baselineMs + 1);
  const q: JobQuery = {
    ...query,
    filters: { ...query.filters, discoveredAfter: after },
    sort: 'newest',
    limit: 100,
    fold: true,
  };
  delete q.cursor;
  let count = 0;
  for (;;) {
    const page = index.search.list(q, 'query.cursor', 'user.newJobs');
    count += page.rows.length;
    if (count > NEW_COUNT_CAP) return { count: NEW_COUNT_CAP, capped: true };
    if (!page.hasMore || !page.nextCursor) return { count, capped: false };
    q.cursor = page.nextCursor;
  }
}
