import { wholeAmount } from './amount.js';
import { parseDateFilter } from './dates.js';
import { comparablePay } from './comparable-pay.js';
import { isCountryCode } from './country.js';
import { FieldError } from './field-error.js';
import { PAGE_LIMIT, QUERY_MAX_CHARS, queryCharsOver } from './limits.js';
import {
  EMPLOYMENT_TYPES,
  NOT_STATED,
  SENIORITIES,
  SORTS,
  WORK_MODES,
  isOneOf,
  type EmploymentType,
  type NotStated,
  type Seniority,
  type Sort,
  type WorkMode,
} from './vocabulary.js';

/** The filters of JobsService.List as they arrive (proto3 optional fields). */
export interface JobFiltersInput {
  country?: string;
  city?: string;
  remote?: boolean;
  workMode?: string;
  employmentType?: string;
  company?: string;
  companyId?: string;
  seniority?: string;
  salaryMin?: number;
  salaryMax?: number;
  discoveredAfter?: string;
  verifiedAfter?: string;
  sort?: string;
  /** Ours, not the spec's (docs/decisions/comparable-pay.md): comparable yearly pay in payCurrency. */
  payMin?: number;
  payMax?: number;
  payCurrency?: string;
  /** Ours (docs/decisions/posting-age.md): RFC 3339 or `YYYY-MM-DD`; postings published at or after it. */
  postedAfter?: string;
}

/** Filters after every rule of the spec has been applied; absent means "no constraint". */
export interface JobFilters {
  country?: string;
  city?: string;
  remote?: boolean;
  /** `not_stated`: the jobs whose source did not state it (vocabulary.ts NOT_STATED). */
  workMode?: WorkMode | NotStated;
  employmentType?: EmploymentType | NotStated;
  company?: string;
  companyId?: string;
  seniority?: Seniority | NotStated;
  salaryMin?: number;
  salaryMax?: number;
  /** Epoch ms, inclusive. */
  discoveredAfter?: number;
  /** Epoch ms, inclusive. */
  verifiedAfter?: number;
  /** Comparable yearly pay, in `payCurrency`, against the job's range (as salaryMin/Max are). */
  payMin?: number;
  payMax?: number;
  payCurrency?: string;
  /** Epoch ms, inclusive: the posting's own age (posted_sort), ours. */
  postedAfter?: number;
}

export interface JobQuery {
  /** Trimmed free text; undefined when there is none. */
  text?: string;
  filters: JobFilters;
  /** The effective order: the spec's default is relevance with text, newest without. */
  sort: Sort;
  limit: number;
  cursor?: string;
  /** Ours (docs/decisions/folding.md): one result per role; absent is the spec's answer. */
  fold?: boolean;
}

/** `limit`: 1 to 100, default 25 (or the given bounds). */
export function normalizeLimit(
  limit: number | undefined,
  field: string,
  bounds: { min: number; max: number; default: number } = PAGE_LIMIT,
): number {
  if (limit === undefined) return bounds.default;
  if (!Number.isInteger(limit) || limit < bounds.min || limit > bounds.max) {
    throw new FieldError(field, `must be an integer from ${bounds.min} to ${bounds.max}, got ${limit}`);
  }
  return limit;
}

/** Free text: at most 200 characters (code points), trimmed; blank means none. */
export function normalizeText(text: string | undefined, field: string): string | undefined {
  if (text === undefined) return undefined;
  if (queryCharsOver(text) > 0) {
    throw new FieldError(field, `must be at most ${QUERY_MAX_CHARS} characters`);
  }
  const t = text.trim();
  return t === '' ? undefined : t;
}

function optionalString(v: string | undefined, field: string): string | undefined {
  if (v === undefined) return undefined;
  const t = v.trim();
  if (t === '') return undefined;
  if (queryCharsOver(t) > 0) throw new FieldError(field, `must be at most ${QUERY_MAX_CHARS} characters`);
  return t;
}

function oneOf<T extends string>(values: readonly T[], v: string | undefined, field: string): T | undefined {
  if (v === undefined || v === '') return undefined;
  if (!isOneOf(values, v)) throw new FieldError(field, `must be one of ${values.join(', ')}; got ${JSON.stringify(v)}`);
  return v;
}

/**
 * Every filter rule of the spec, for the fields present in `input`. `path` is the JSON path of
 * the filters object as the client sent it (`query.filters.` for List, `` for ListJobs).
 */
export function normalizeFilters(input: JobFiltersInput, path: string): JobFilters {
  const f: JobFilters = {};
  if (input.country !== undefined && input.country.trim() !== '') {
    const cc = input.country.trim().toUpperCase();
    if (!isCountryCode(cc))
      throw new FieldError(
        `${path}country`,
        `must be an ISO 3166-1 alpha-2 code, got ${JSON.stringify(input.country)}`,
      );
    f.country = cc;
  }
  const city = optionalString(input.city, `${path}city`);
  if (city !== undefined) f.city = city;
  if (input.remote !== undefined) f.remote = input.remote;
  const workMode = oneOf([...WORK_MODES, NOT_STATED], input.workMode, `${path}workMode`);
  if (workMode) f.workMode = workMode;
  const employmentType = oneOf([...EMPLOYMENT_TYPES, NOT_STATED], input.employmentType, `${path}employmentType`);
  if (employmentType) f.employmentType = employmentType;
  const company = optionalString(input.company, `${path}company`);
  if (company !== undefined) f.company = company;
  const companyId = optionalString(input.companyId, `${path}companyId`);
  if (companyId !== undefined) f.companyId = companyId.toLowerCase();
  const seniority = oneOf([...SENIORITIES, NOT_STATED], input.seniority, `${path}seniority`);
  if (seniority) f.seniority = seniority;
  const salaryMin = wholeAmount(input.salaryMin, `${path}salaryMin`);
  if (salaryMin !== undefined) f.salaryMin = salaryMin;
  const salaryMax = wholeAmount(input.salaryMax, `${path}salaryMax`);
  if (salaryMax !== undefined) f.salaryMax = salaryMax;
  if (input.discoveredAfter !== undefined && input.discoveredAfter !== '') {
    f.discoveredAfter = parseDateFilter(input.discoveredAfter, `${path}discoveredAfter`);
  }
  if (input.verifiedAfter !== undefined && input.verifiedAfter !== '') {
    f.verifiedAfter = parseDateFilter(input.verifiedAfter, `${path}verifiedAfter`);
  }
  if (input.postedAfter !== undefined && input.postedAfter !== '') {
    f.postedAfter = parseDateFilter(input.postedAfter, `${path}postedAfter`);
  }
  Object.assign(f, comparablePay(input, path));
  return f;
}

/** The effective sort: relevance is the default, and relevance without text orders by newest. */
export function effectiveSort(requested: string | undefined, text: string | undefined, field: string): Sort {
  const sort = oneOf(SORTS, requested, field) ?? 'relevance';
  return sort === 'relevance' && text === undefined ? 'newest' : sort;
}

/** JobsService.List's `{ query: { query, filters, limit, cursor } }`, every rule applied. */
export function normalizeJobQuery(input: {
  query?: string;
  filters?: JobFiltersInput;
  limit?: number;
  cursor?: string;
  fold?: boolean;
}): JobQuery {
  const text = normalizeText(input.query, 'query.query');
  const filtersIn = input.filters ?? {};
  const q: JobQuery = {
    filters: normalizeFilters(filtersIn, 'query.filters.'),
    sort: effectiveSort(filtersIn.sort, text, 'query.filters.sort'),
    limit: normalizeLimit(input.limit, 'query.limit'),
  };
  if (text !== undefined) q.text = text;
  if (input.cursor !== undefined && input.cursor !== '') q.cursor = input.cursor;
  if (input.fold === true) q.fold = true;
  return q;
}
