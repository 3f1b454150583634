/** One request of the shared set, in the service's terms; each engine translates it its own way. */
export interface PeerRequest {
  text: string;
  country?: string;
  remote?: boolean;
  /** As the service's filters: salaryMin keeps jobs whose range reaches it, salaryMax those starting at or below it. */
  salaryMin?: number;
  salaryMax?: number;
}

export interface RequestCase {
  name: string;
  /** Text-only cases are the ones whose top results are compared across engines. */
  compareTop: boolean;
  /** Cycled, so no single query dominates (the same words as `npm run bench`). */
  requests: PeerRequest[];
}

export const PAGE = 25;
export const OVERLAP_AT = 10;

export const CASES: RequestCase[] = [
  {
    name: 'text only',
    compareTop: true,
    requests: ['engineer', 'nurse', 'manager', 'sales', 'data', 'senior developer'].map((text) => ({ text })),
  },
  {
    name: 'text + country + remote',
    compareTop: false,
    requests: [
      ['engineer', 'US'],
      ['designer', 'GB'],
      ['support', 'DE'],
      ['analyst', 'CA'],
    ].map(([text, country]) => ({
      text: text!,
      country: country!,
      remote: true,
    })),
  },
  {
    name: 'text + salary range',
    compareTop: false,
    requests: [
      { text: 'engineer', salaryMin: 100000, salaryMax: 150000 },
      { text: 'nurse', salaryMin: 30 },
    ],
  },
  {
    name: 'prefix as typed',
    compareTop: true,
    requests: ['softw', 'engin', 'nur', 'acc', 'mark'].map((text) => ({ text })),
  },
];

/** Whether a job's filter values pass a request's filters, as the service defines them (text aside). */
export function passesFilters(
  r: PeerRequest,
  d: { countries: string[]; remote: boolean; salaryMin: number | null; salaryMax: number | null },
): boolean {
  if (r.country !== undefined && !d.countries.includes(r.country)) return false;
  if (r.remote !== undefined && d.remote !== r.remote) return false;
  return inSalaryRange(r, d);
}

/** The salary part of the filters: a job with no salary never passes a salary filter. */
export function inSalaryRange(r: PeerRequest, d: { salaryMin: number | null; salaryMax: number | null }): boolean {
  if (r.salaryMin !== undefined && (d.salaryMax === null || d.salaryMax < r.salaryMin)) return false;
  if (r.salaryMax !== undefined && (d.salaryMin === null || d.salaryMin > r.salaryMax)) return false;
  return true;
}
