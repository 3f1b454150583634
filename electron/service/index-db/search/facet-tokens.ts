import { fold } from '#shared/text/fold';
import type { LocationRecord } from '../records.js';
import { regionOfPlace } from '../../text/regions.js';

// Every structured filter is also a token in the `facets` column of job_search, so that text and
// filters intersect inside FTS5 in rowid order instead of being joined afterwards. Tokens are
// [a-z0-9] only (one unicode61 token) and end in a digit (the porter stemmer leaves them alone);
// free-form values are hex-encoded so no two values can collide.

const hex = (s: string) => Buffer.from(fold(s), 'utf8').toString('hex');

export const facetToken = {
  country: (code: string) => `xc${code.toLowerCase()}0`,
  city: (name: string) => `xy${hex(name)}0`,
  remote: (remote: boolean) => (remote ? 'xr10' : 'xr00'),
  workMode: (mode: string) => `xw${mode}0`,
  employmentType: (type: string) => `xe${type.replace(/_/g, '')}0`,
  seniority: (s: string) => `xs${s}0`,
  companyId: (slug: string) => `xk${hex(slug)}0`,
  occupation: (o: string) => `xo${hex(o)}0`,
  /** A region a place is open to (text/regions.ts); the country filter ORs the regions holding it. */
  region: (code: string) => `xg${code.toLowerCase().replace(/_/g, '')}0`,
} as const;

/** A job's filter values; unknown is undefined or ''. */
export interface FacetSource {
  locations: LocationRecord[];
  remote?: boolean | undefined;
  workMode?: string | undefined;
  employmentType?: string | undefined;
  seniority?: string | undefined;
  companySlug: string;
  occupation?: string | undefined;
}

/** The facets column of one job. */
export function jobFacetTokens(job: FacetSource): string {
  const tokens = new Set<string>([facetToken.companyId(job.companySlug)]);
  if (job.remote !== undefined) tokens.add(facetToken.remote(job.remote));
  // Unstated ('' or absent) has a token of its own, for the "Not stated" filter (docs/decisions/not-stated.md).
  tokens.add(facetToken.workMode(job.workMode ?? ''));
  tokens.add(facetToken.employmentType(job.employmentType ?? ''));
  tokens.add(facetToken.seniority(job.seniority ?? ''));
  if (job.occupation) tokens.add(facetToken.occupation(job.occupation));
  for (const l of job.locations) {
    if (l.country) tokens.add(facetToken.country(l.country));
    const region = regionOfPlace(l);
    if (region) tokens.add(facetToken.region(region));
    if (l.city) tokens.add(facetToken.city(l.city));
  }
  return [...tokens].join(' ');
}
