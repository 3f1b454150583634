import type { JobFilters } from '#shared/rules/job-query';
import { ridFloor } from '../write/rid.js';
import { NOT_STATED } from '#shared/rules/vocabulary';
import { facetToken } from './facet-tokens.js';
import type { IndexStats } from './stats.js';
import { SHIPPED_RATES, type ExchangeRates } from '#shared/pay/exchange-rates';
import { companyPhrase } from './text-query.js';
import { cityKeys } from '../../text/city-names.js';
import { regionsHolding } from '../../text/regions.js';

/** A condition on the `jobs j` row that FTS5 cannot answer: a range, with its share of jobs. */
export interface RangeCond {
  sql: string;
  /** Index that can drive a scan of this range. */
  index:
    | 'jobs_by_salary'
    | 'jobs_by_salary_min'
    | 'jobs_by_verified'
    | 'jobs_by_pay'
    | 'jobs_by_pay_min'
    | 'jobs_by_posted'
    | 'rowid';
  share: number;
}

/**
 * The filters, each in two equivalent forms: FTS5 sub-expressions (for plans that read the
 * search index) and SQL conditions on `jobs j` (for plans that walk a B-tree). Tests run every
 * plan over the same requests and compare, so the two forms cannot drift apart.
 */
export interface FilterParts {
  fts: string[];
  /** Row conditions that FTS plans must still apply (filters with no FTS form this time). */
  ftsMissing: string[];
  rowConds: string[];
  /** Estimated share of active jobs passing the facet filters (independence assumed). */
  facetShare: number;
  ranges: RangeCond[];
  /** Jobs the person keeps out (SearchExclusions), conditions for every plan. */
  excluded: string[];
  params: Record<string, number | string>;
}

const hasLocation = (cond: string) => `EXISTS (SELECT 1 FROM job_locations l WHERE l.job_rid = j.rid AND ${cond})`;

/** The companies whose name contains `phrase` with their active job counts; at most `max` + 1. */
export type CompanyResolver = (phrase: string, max: number) => Array<{ slug: string; jobs: number }>;

const MAX_COMPANY_TOKENS = 1000;

export function filterParts(
  f: JobFilters,
  stats: IndexStats,
  companies: CompanyResolver,
  rates: ExchangeRates = SHIPPED_RATES,
): FilterParts {
  const tokens: string[] = [];
  const rowConds: string[] = [];
  const params: Record<string, number | string> = {};
  let facetShare = 1;
  const facet = (field: string, value: string, token: string, sql: string, param: number | string) => {
    tokens.push(`"${token}"`);
    rowConds.push(sql);
    params[field] = param;
    facetShare *= stats.facetShare(field, value);
  };

  // One line per filter of the spec.
  if (f.country) {
    // The country's own token, or a region that holds it ("Remote - Europe" for DE): regions are
    // stored as regions, never as countries (docs/decisions/region-postings.md).
    const regions = regionsHolding(f.country);
    tokens.push(
      `(${[facetToken.country(f.country), ...regions.map(facetToken.region)].map((t) => `"${t}"`).join(' OR ')})`,
    );
    rowConds.push(
      `(${['instr(j.countries, @country) > 0', ...regions.map((_, i) => `instr(j.countries, @countryRegion${i}) > 0`)].join(' OR ')})`,
    );
    params.country = `,${f.country},`;
    regions.forEach((r, i) => (params[`countryRegion${i}`] = `,~${r},`));
    facetShare *= stats.facetShare('country', f.country);
  }
  if (f.city) {
    // Any name of the city finds it (city-names.ts): "München" and "Munich" are one filter.
    const keys = cityKeys(f.city);
    tokens.push(`(${keys.map((k) => `"${facetToken.city(k)}"`).join(' OR ')})`);
    rowConds.push(hasLocation('l.city_key IN (SELECT value FROM json_each(@city))'));
    params.city = JSON.stringify(keys);
    facetShare *= Math.min(
      1,
      keys.reduce((n, k) => n + stats.facetShare('city', k), 0),
    );
  }
  if (f.remote !== undefined)
    facet('remote', String(f.remote), facetToken.remote(f.remote), 'j.remote = @remote', f.remote ? 1 : 0);
  // `not_stated` is the stored '' (docs/decisions/not-stated.md).
  const stored = (v: string) => (v === NOT_STATED ? '' : v);
  if (f.workMode) {
    const v = stored(f.workMode);
    facet('workMode', v, facetToken.workMode(v), 'j.work_mode = @workMode', v);
  }
  if (f.employmentType) {
    const v = stored(f.employmentType);
    facet('employmentType', v, facetToken.employmentType(v), 'j.employment_type = @employmentType', v);
  }
  if (f.seniority) {
    const v = stored(f.seniority);
    facet('seniority', v, facetToken.seniority(v), 'j.seniority = @seniority', v);
  }
  if (f.companyId)
    facet('companyId', f.companyId, facetToken.companyId(f.companyId), 'j.company_slug = @companyId', f.companyId);

  const fts = tokens.length ? [`{facets}: (${tokens.join(' AND ')})`] : [];
  const ftsMissing: string[] = [];
  if (f.company !== undefined) {
    // The company filter is a phrase in the company name, matched in the small company index;
    // the job index (no positions) then sees the matching companies as facet tokens.
    const phrase = companyPhrase(f.company);
    const found = phrase ? companies(phrase, MAX_COMPANY_TOKENS) : [];
    const cond = 'j.company_cid IN (SELECT rowid FROM company_search WHERE company_search MATCH @company)';
    params.company = phrase ?? '""';
    rowConds.push(cond);
    if (found.length > MAX_COMPANY_TOKENS) ftsMissing.push(cond);
    else if (found.length)
      fts.push(`{facets}: (${found.map((c) => `"${facetToken.companyId(c.slug)}"`).join(' OR ')})`);
    facetShare *= Math.min(1, found.reduce((n, c) => n + c.jobs, 0) / stats.activeJobs);
  }

  const ranges: RangeCond[] = [];
  if (f.salaryMin !== undefined) {
    params.salaryMin = f.salaryMin;
    ranges.push({
      sql: 'j.salary_sort >= @salaryMin',
      index: 'jobs_by_salary',
      share: stats.rangeShare('salary_max', f.salaryMin),
    });
  }
  if (f.salaryMax !== undefined) {
    params.salaryMax = f.salaryMax;
    ranges.push({
      sql: 'j.salary_min <= @salaryMax',
      index: 'jobs_by_salary_min',
      share: stats.rangeShare('salary_min', f.salaryMax + 1, true),
    });
  }
  // Ours: comparable pay, compared as the screen shows it (the euro amount in payCurrency,
  // rounded), so a job shown at exactly the bound is kept (docs/decisions/comparable-pay.md).
  const perEur = f.payCurrency ? rates.perEur[f.payCurrency] : undefined;
  if (f.payMin !== undefined && perEur !== undefined) {
    params.payMin = (f.payMin - 0.5) / perEur;
    ranges.push({
      sql: 'j.pay_sort >= @payMin',
      index: 'jobs_by_pay',
      share: stats.rangeShare('pay_max', params.payMin),
    });
  }
  if (f.payMax !== undefined && perEur !== undefined) {
    params.payMax = (f.payMax + 0.5) / perEur;
    ranges.push({
      sql: 'j.pay_min_eur < @payMax',
      index: 'jobs_by_pay_min',
      share: stats.rangeShare('pay_min', params.payMax, true),
    });
  }
  if (f.verifiedAfter !== undefined) {
    params.verifiedAfter = f.verifiedAfter;
    ranges.push({
      sql: 'j.last_verified_at >= @verifiedAfter',
      index: 'jobs_by_verified',
      share: stats.rangeShare('last_verified_at', f.verifiedAfter),
    });
  }
  if (f.discoveredAfter !== undefined) {
    params.discoveredAfter = f.discoveredAfter;
    params.ridMin = ridFloor(f.discoveredAfter);
    ranges.push({
      sql: 'j.rid >= @ridMin AND j.discovered_at >= @discoveredAfter',
      index: 'rowid',
      share: stats.rangeShare('rid', params.ridMin),
    });
  }
  if (f.postedAfter !== undefined) {
    // No percentiles of posted_sort: it is never later than discovered_at, so the rid percentiles
    // bound its share from above (the planner only needs the order of magnitude).
    params.postedAfter = f.postedAfter;
    ranges.push({
      sql: 'j.posted_sort >= @postedAfter',
      index: 'jobs_by_posted',
      share: stats.rangeShare('rid', ridFloor(f.postedAfter)),
    });
  }
  return { fts, ftsMissing, rowConds, facetShare, ranges, excluded: [], params };
}
