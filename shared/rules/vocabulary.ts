// The closed sets of values the spec names. Wire values are the spec's lowercase strings.

export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contract', 'internship', 'temporary'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

export const SENIORITIES = ['intern', 'junior', 'mid', 'senior', 'lead', 'staff', 'manager', 'director'] as const;
export type Seniority = (typeof SENIORITIES)[number];

export const WORK_MODES = ['remote', 'hybrid', 'onsite'] as const;
export type WorkMode = (typeof WORK_MODES)[number];

// Ours, not the spec's: a filter value for the jobs whose source did not state the field (work
// mode, employment type, seniority), and the facet value that counts them
// (docs/decisions/not-stated.md). Never a job's own value: unknown stays unknown on the wire.
export const NOT_STATED = 'not_stated' as const;
export type NotStated = typeof NOT_STATED;

// pay_desc is ours, not the spec's: comparable pay, highest first (docs/decisions/comparable-pay.md).
// posted is ours: the posting's own age, newest first (docs/decisions/posting-age.md).
export const SORTS = [
  'relevance',
  'newest',
  'recently_verified',
  'salary_desc',
  'company',
  'pay_desc',
  'posted',
] as const;
export type Sort = (typeof SORTS)[number];

export const JOB_STATUSES = ['active', 'expired'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const REPORT_TYPES = [
  'expired',
  'broken_apply',
  'wrong_company',
  'wrong_location',
  'duplicate',
  'spam',
  'bad_format',
  'other',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** Salary periods we store and show (the spec leaves the set unshown: docs/decisions/salary.md). */
export const SALARY_PERIODS = ['hour', 'day', 'week', 'month', 'year'] as const;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];

export function isOneOf<T extends string>(values: readonly T[], v: string): v is T {
  return (values as readonly string[]).includes(v);
}
