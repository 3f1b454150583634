import { presetOf } from './date-presets.js';
import { isWholeAmount } from '#shared/rules/amount';
import { uiSort } from './ui-sorts.js';
import {
  EMPLOYMENT_TYPES,
  NOT_STATED,
  SENIORITIES,
  SORTS,
  WORK_MODES,
  isOneOf,
  type Sort,
} from '#shared/rules/vocabulary';

/** Everything that decides a job search; lives in the URL so it survives reload and can be shared. */
export interface SearchState {
  q: string;
  country?: string;
  city?: string;
  remote?: boolean;
  workMode?: string;
  employmentType?: string;
  companyId?: string;
  seniority?: string;
  salaryMin?: number;
  salaryMax?: number;
  discoveredAfter?: string;
  verifiedAfter?: string;
  /** Ours: the posting's own age (docs/decisions/posting-age.md); the "Posted" presets set it. */
  postedAfter?: string;
  sort?: Sort;
}

/** The filters of CompaniesService.ListJobs (the subset the spec accepts). */
export interface CompanyJobsState {
  q: string;
  country?: string;
  city?: string;
  employmentType?: string;
  remote?: boolean;
  discoveredAfter?: string;
}

export type FilterKey = Exclude<keyof SearchState, 'q' | 'sort'>;

export const FILTER_KEYS: readonly FilterKey[] = [
  'country',
  'city',
  'remote',
  'workMode',
  'employmentType',
  'companyId',
  'seniority',
  'salaryMin',
  'salaryMax',
  'postedAfter',
  'discoveredAfter',
  'verifiedAfter',
];

export const COMPANY_FILTER_KEYS = ['country', 'city', 'employmentType', 'remote', 'discoveredAfter'] as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const text = (v: string | null) => (v && v.trim() !== '' ? v.trim() : undefined);
const bool = (v: string | null) => (v === 'true' ? true : v === 'false' ? false : undefined);
const amount = (v: string | null) => (v && /^\d{1,16}$/.test(v) && isWholeAmount(Number(v)) ? Number(v) : undefined);
// A day, a "Posted" preset, or the instant a preset stood for when a search was saved.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/;
const date = (v: string | null) => (v && (DATE.test(v) || INSTANT.test(v) || presetOf(v)) ? v : undefined);
const oneOf = <T extends string>(vals: readonly T[], v: string | null) => (v && isOneOf(vals, v) ? v : undefined);

/** Reads a search from URL parameters; values that cannot be valid are dropped, not sent. */
export function searchFromParams(p: URLSearchParams): SearchState {
  return prune({
    q: p.get('q') ?? '',
    country: text(p.get('country'))?.toUpperCase(),
    city: text(p.get('city')),
    remote: bool(p.get('remote')),
    workMode: oneOf([...WORK_MODES, NOT_STATED], p.get('workMode')),
    employmentType: oneOf([...EMPLOYMENT_TYPES, NOT_STATED], p.get('employmentType')),
    companyId: text(p.get('companyId')),
    seniority: oneOf([...SENIORITIES, NOT_STATED], p.get('seniority')),
    salaryMin: amount(p.get('salaryMin')),
    salaryMax: amount(p.get('salaryMax')),
    discoveredAfter: date(p.get('discoveredAfter')),
    verifiedAfter: date(p.get('verifiedAfter')),
    postedAfter: date(p.get('postedAfter')),
    sort: uiSort(oneOf(SORTS, p.get('sort'))),
  });
}

export function companyJobsFromParams(p: URLSearchParams): CompanyJobsState {
  return prune({
    q: p.get('q') ?? '',
    country: text(p.get('country'))?.toUpperCase(),
    city: text(p.get('city')),
    employmentType: oneOf([...EMPLOYMENT_TYPES, NOT_STATED], p.get('employmentType')),
    remote: bool(p.get('remote')),
    discoveredAfter: date(p.get('discoveredAfter')),
  });
}

/** URL parameters of a state, in a stable order, without empty values. */
export function toParams(s: object): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(s)) {
    if (v === undefined || v === '') continue;
    p.set(k, String(v));
  }
  return p;
}

function prune<T extends object>(o: T): T {
  for (const k of Object.keys(o) as (keyof T)[]) if (o[k] === undefined) delete o[k];
  return o;
}

/** The search with one filter removed or set (undefined or '' removes it). */
export function withFilter<S extends object>(s: S, key: keyof S, value: S[keyof S] | undefined): S {
  const next = { ...s };
  if (value === undefined || value === '') delete next[key];
  else next[key] = value;
  return next;
}
