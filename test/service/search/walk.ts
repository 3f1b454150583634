import { expect } from 'vitest';
import type { JobSearch, Plan } from '../../../electron/service/index-db/search/job-search.js';
import { normalizeJobQuery } from '#shared/rules/job-query';
import type { Harness } from '../../helpers/fixture.js';
import type { OracleHit, SearchRequest } from './oracle.js';

export const PLANS: Array<Plan['kind']> = [
  'fts-walk',
  'table-walk',
  'index-walk',
  'bounded-walk',
  'fts-materialize',
  'range-materialize',
  'pay-walk',
  'posted-walk',
];

const MAX_PAGES = 5000;

/**
 * Follows nextCursor through JobsService.List (Connect client, JSON over the router) until the
 * last page, checking the pagination invariants of every page; returns the ids in order.
 */
export async function walkRpc(
  h: Harness,
  req: SearchRequest,
  limit: number | ((page: number) => number),
): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const n = typeof limit === 'number' ? limit : limit(page);
    const res = await h.jobs.list({ query: { ...req, limit: n, ...(cursor !== undefined ? { cursor } : {}) } });
    const hasMore = res.pagination?.hasMore ?? false;
    ids.push(...res.data.map((c) => c.id));
    if (!hasMore) {
      expect(res.pagination?.nextCursor, 'the last page carries no cursor').toBeUndefined();
      expect(res.data.length).toBeLessThanOrEqual(n);
      return ids;
    }
    expect(res.data.length, 'a page that has more is full').toBe(n);
    expect(typeof res.pagination?.nextCursor).toBe('string');
    cursor = res.pagination!.nextCursor!;
  }
  throw new Error('walkRpc: too many pages');
}

/** The same walk straight on the engine (JobSearch.list), also returning the plans it ran. */
export function walkEngine(search: JobSearch, req: SearchRequest, limit: number): { ids: string[]; plans: string[] } {
  const ids: string[] = [];
  const plans: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const q = normalizeJobQuery({ ...req, limit, ...(cursor !== undefined ? { cursor } : {}) });
    const res = search.list(q);
    plans.push(...res.plans);
    ids.push(...res.rows.map((r) => r.id));
    if (!res.hasMore) {
      expect(res.nextCursor).toBeUndefined();
      return { ids, plans };
    }
    expect(res.rows.length).toBe(limit);
    cursor = res.nextCursor!;
  }
  throw new Error('walkEngine: too many pages');
}

/** Compares two id lists and, on a mismatch, fails with a short account of the first difference. */
export function expectSameOrder(actual: string[], expected: OracleHit[], label: string): void {
  const want = expected.map((x) => x.job.id);
  if (actual.length === want.length && actual.every((id, i) => id === want[i])) return;
  const at = actual.findIndex((id, i) => id !== want[i]);
  const i = at === -1 ? Math.min(actual.length, want.length) : at;
  const describe = (id: string | undefined) => {
    const hit = expected.find((x) => x.job.id === id);
    if (!hit) return `${id} (not in oracle)`;
    const j = hit.job;
    return `${id} [tier ${hit.tier ?? '-'}] "${j.title}" @ ${j.companyName} s=${j.second} bits=${j.idBits} v=${j.lastVerifiedAt} $=${j.salaryMax}`;
  };
  const missing = want.filter((id) => !actual.includes(id)).length;
  const extra = actual.filter((id) => !want.includes(id)).length;
  const dups = actual.length - new Set(actual).size;
  expect.fail(
    `${label}: got ${actual.length} ids, oracle ${want.length} (missing ${missing}, extra ${extra}, duplicates ${dups}); ` +
      `first difference at #${i}:\n  got    ${describe(actual[i])}\n  oracle ${describe(want[i])}`,
  );
}
