import type { Sort } from '#shared/rules/vocabulary';

/** The physical orders results can be read in; every one ends in `rid DESC` as tie-break. */
export interface Order {
  /** Leading sort column on `jobs`, absent for plain rid order. */
  col?: 'last_verified_at' | 'salary_sort' | 'company_sort' | 'pay_sort' | 'posted_sort';
  dir: 'ASC' | 'DESC';
  /** The partial index that holds active jobs in this order. */
  index?: 'jobs_by_verified' | 'jobs_by_salary' | 'jobs_by_company' | 'jobs_by_pay' | 'jobs_by_posted';
}

const RID: Order = { dir: 'DESC' };

// The five sorts of the spec and their deterministic tie-breaks (newest, then id, via rid).
export const SORT_ORDERS: Record<Sort, Order> = {
  relevance: RID, // walked tier by tier, newest first within a tier
  newest: RID,
  recently_verified: { col: 'last_verified_at', dir: 'DESC', index: 'jobs_by_verified' },
  salary_desc: { col: 'salary_sort', dir: 'DESC', index: 'jobs_by_salary' }, // no salary last
  company: { col: 'company_sort', dir: 'ASC', index: 'jobs_by_company' },
  pay_desc: { col: 'pay_sort', dir: 'DESC', index: 'jobs_by_pay' }, // ours: no comparable pay last
  posted: { col: 'posted_sort', dir: 'DESC', index: 'jobs_by_posted' }, // ours: the posting's own age (posting-age.md)
};

export function orderBy(o: Order): string {
  return o.col ? `j.${o.col} ${o.dir}, j.rid DESC` : 'j.rid DESC';
}

/** Rows strictly after (key, rid) in this order; written so the order's index bounds the scan. */
export function keysetAfter(o: Order): string {
  if (!o.col) return 'j.rid < @afterRid';
  return o.dir === 'DESC'
    ? `j.${o.col} <= @afterKey AND (j.${o.col} < @afterKey OR j.rid < @afterRid)`
    : `j.${o.col} >= @afterKey AND (j.${o.col} > @afterKey OR j.rid < @afterRid)`;
}
