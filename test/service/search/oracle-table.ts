import type { OracleJob, SearchRequest } from './oracle.js';

export interface Case {
  name: string;
  req: SearchRequest;
  /** The oracle's answer is empty on purpose (otherwise the table insists it is not). */
  empty?: boolean;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The requests every plan is held to: each filter alone, combinations, each sort, text alone and
 * with filters and sorts, and empty answers. Some boundaries are taken from the fixture's jobs.
 */
export function searchCases(jobs: OracleJob[]): Case[] {
  const active = jobs.filter((j) => j.status === 'active').sort((a, b) => a.discoveredAt - b.discoveredAt);
  // A job in the middle of the discovery range, and one in the middle of the verification range.
  const midDiscovered = active[Math.floor(active.length * 0.6)]!;
  const midVerified = [...active].sort((a, b) => a.lastVerifiedAt - b.lastVerifiedAt)[Math.floor(active.length * 0.5)]!;

  return [
    // Orders without text.
    { name: 'no request fields (newest)', req: {} },
    { name: 'sort newest', req: { filters: { sort: 'newest' } } },
    { name: 'sort relevance without text = newest', req: { filters: { sort: 'relevance' } } },
    { name: 'sort recently_verified', req: { filters: { sort: 'recently_verified' } } },
    { name: 'sort salary_desc', req: { filters: { sort: 'salary_desc' } } },
    { name: 'sort company', req: { filters: { sort: 'company' } } },
    { name: 'blank text = no text', req: { query: '   ' } },
    { name: 'text without words = no text', req: { query: '!!! -- ?' } },
    { name: 'one-letter word only = no text', req: { query: 'e' } },

    // Each filter alone.
    { name: 'country DE', req: { filters: { country: 'DE' } } },
    { name: 'country lowercase de', req: { filters: { country: 'de' } } },
    { name: 'country GB (also remote UK locations)', req: { filters: { country: 'GB' } } },
    { name: 'country IS (tiny)', req: { filters: { country: 'IS' } } },
    { name: 'country AQ (valid, no jobs)', req: { filters: { country: 'AQ' } }, empty: true },
    { name: 'city München', req: { filters: { city: 'München' } } },
    { name: 'city munchen (accent-insensitive)', req: { filters: { city: 'munchen' } } },
    { name: 'city MÜNCHEN (case-insensitive)', req: { filters: { city: 'MÜNCHEN' } } },
    { name: 'city new york (two words)', req: { filters: { city: 'new york' } } },
    { name: 'city Köln sorted by company', req: { filters: { city: 'koln', sort: 'company' } } },
    { name: 'city Atlantis', req: { filters: { city: 'Atlantis' } }, empty: true },
    // Another name of the city (city-names.ts): crawled postings store 'Munich', the generated ones 'München'.
    { name: 'city Munich (another name of München)', req: { filters: { city: 'Munich' } } },
    { name: 'city NYC + text engineer', req: { query: 'engineer', filters: { city: 'NYC' } } },
    { name: 'remote true', req: { filters: { remote: true } } },
    { name: 'remote false', req: { filters: { remote: false } } },
    { name: 'workMode hybrid', req: { filters: { workMode: 'hybrid' } } },
    { name: 'workMode onsite', req: { filters: { workMode: 'onsite' } } },
    { name: 'workMode remote', req: { filters: { workMode: 'remote' } } },
    { name: 'employmentType internship', req: { filters: { employmentType: 'internship' } } },
    { name: 'employmentType part_time', req: { filters: { employmentType: 'part_time' } } },
    { name: 'employmentType full_time', req: { filters: { employmentType: 'full_time' } } },
    { name: 'company "Boreal Media"', req: { filters: { company: 'Boreal Media' } } },
    { name: 'company "lark" (word, not prefix of Larkpoint)', req: { filters: { company: 'lark' } } },
    { name: 'company "lark cloud" (phrase, not Larkcloud)', req: { filters: { company: 'lark cloud' } } },
    { name: 'company "media" (any *Media company)', req: { filters: { company: 'media' } } },
    { name: 'company "cloud lark" (wrong word order)', req: { filters: { company: 'cloud lark' } }, empty: true },
    { name: 'company "lar" (not a whole word)', req: { filters: { company: 'lar' } }, empty: true },
    { name: 'company no such name', req: { filters: { company: 'Nonexistent Widgets' } }, empty: true },
    { name: 'companyId boreal-media', req: { filters: { companyId: 'boreal-media' } } },
    { name: 'companyId lark-cloud', req: { filters: { companyId: 'lark-cloud' } } },
    { name: 'companyId in capitals', req: { filters: { companyId: 'Lark-Cloud' } } },
    { name: 'companyId unknown', req: { filters: { companyId: 'no-such-company' } }, empty: true },
    { name: 'seniority senior', req: { filters: { seniority: 'senior' } } },
    { name: 'seniority director', req: { filters: { seniority: 'director' } } },
    { name: 'salaryMin 100000', req: { filters: { salaryMin: 100000 } } },
    { name: 'salaryMin 0 (every job with a salary)', req: { filters: { salaryMin: 0 } } },
    { name: 'salaryMin huge', req: { filters: { salaryMin: 2_000_000_000 } }, empty: true },
    { name: 'salaryMax 50000', req: { filters: { salaryMax: 50000 } } },
    { name: 'salaryMax 0', req: { filters: { salaryMax: 0 } }, empty: true },
    { name: 'salary band 50000..60000', req: { filters: { salaryMin: 50000, salaryMax: 60000 } } },
    { name: 'discoveredAfter 2026-10-01', req: { filters: { discoveredAfter: '2026-10-01' } } },
    { name: 'discoveredAfter with offset', req: { filters: { discoveredAfter: '2026-10-15T12:00:00+02:00' } } },
    { name: 'discoveredAfter lowercase t/z', req: { filters: { discoveredAfter: '2026-10-15t10:00:00z' } } },
    {
      name: 'discoveredAfter = a job (inclusive)',
      req: { filters: { discoveredAfter: iso(midDiscovered.discoveredAt) } },
    },
    {
      name: 'discoveredAfter = a job + 1 ms',
      req: { filters: { discoveredAfter: iso(midDiscovered.discoveredAt + 1) } },
    },
    { name: 'discoveredAfter future', req: { filters: { discoveredAfter: '2027-01-01' } }, empty: true },
    { name: 'verifiedAfter 2026-10-25', req: { filters: { verifiedAfter: '2026-10-25' } } },
    { name: 'verifiedAfter = a job (inclusive)', req: { filters: { verifiedAfter: iso(midVerified.lastVerifiedAt) } } },
    { name: 'verifiedAfter = a job + 1 ms', req: { filters: { verifiedAfter: iso(midVerified.lastVerifiedAt + 1) } } },

    // Combinations, in every sort.
    {
      name: 'US + on-site + senior by salary',
      req: { filters: { country: 'US', remote: false, seniority: 'senior', sort: 'salary_desc' } },
    },
    { name: 'München + full_time', req: { filters: { city: 'München', employmentType: 'full_time' } } },
    {
      name: 'hybrid + salaryMin by recently_verified',
      req: { filters: { workMode: 'hybrid', salaryMin: 80000, sort: 'recently_verified' } },
    },
    {
      name: 'companyId + discoveredAfter by company',
      req: { filters: { companyId: 'boreal-media', discoveredAfter: '2026-09-01', sort: 'company' } },
    },
    { name: 'company media + country GB', req: { filters: { company: 'media', country: 'GB' } } },
    {
      name: 'every range filter by salary',
      req: {
        filters: {
          salaryMin: 40000,
          salaryMax: 150000,
          discoveredAfter: '2026-08-01',
          verifiedAfter: '2026-10-20',
          sort: 'salary_desc',
        },
      },
    },
    {
      name: 'many facets at once',
      req: {
        filters: { country: 'US', workMode: 'onsite', employmentType: 'full_time', seniority: 'mid', remote: false },
      },
    },
    {
      name: 'remote true + workMode onsite (contradiction)',
      req: { filters: { remote: true, workMode: 'onsite' } },
      empty: true,
    },
    { name: 'country DE + city Paris (two locations of one job)', req: { filters: { country: 'DE', city: 'Paris' } } },

    // Text, default relevance.
    { name: 'text engineer (prefix: engineering, engineers)', req: { query: 'engineer' } },
    { name: 'text ENGINEER (case)', req: { query: 'ENGINEER' } },
    { name: 'text softw (4-letter prefix)', req: { query: 'softw' } },
    { name: 'text eng (3-letter prefix)', req: { query: 'eng' } },
    { name: 'text ux (2-letter word)', req: { query: 'ux' } },
    { name: 'text senior e (one-letter word ignored while typing)', req: { query: 'senior e' } },
    { name: 'text sq (2-letter prefix)', req: { query: 'sq' } },
    { name: 'text software engineer (all three tiers)', req: { query: 'software engineer' } },
    { name: 'text engineer software (word order irrelevant)', req: { query: 'engineer software' } },
    { name: 'text engineer engineer (duplicates)', req: { query: 'engineer engineer' } },
    { name: 'text full-stack developer (punctuation)', req: { query: 'full-stack developer' } },
    { name: 'text boreal (company only)', req: { query: 'boreal' } },
    { name: 'text media engineer (company + title)', req: { query: 'media engineer' } },
    { name: 'text health (title, company, description)', req: { query: 'health' } },
    { name: 'text kubernetes (description only)', req: { query: 'kubernetes' } },
    { name: 'text München (description, accented)', req: { query: 'München' } },
    { name: 'text munchen (description, folded)', req: { query: 'munchen' } },
    { name: 'text zzzqqq', req: { query: 'zzzqqq' }, empty: true },
    { name: 'text engineer + unknown word', req: { query: 'engineer zzzqqq' }, empty: true },

    // Text with other sorts and with filters.
    { name: 'text engineer by newest', req: { query: 'engineer', filters: { sort: 'newest' } } },
    { name: 'text engineer by recently_verified', req: { query: 'engineer', filters: { sort: 'recently_verified' } } },
    { name: 'text engineer by salary', req: { query: 'engineer', filters: { sort: 'salary_desc' } } },
    { name: 'text engineer by company', req: { query: 'engineer', filters: { sort: 'company' } } },
    { name: 'text engineer + DE', req: { query: 'engineer', filters: { country: 'DE' } } },
    { name: 'text software engineer + remote', req: { query: 'software engineer', filters: { remote: true } } },
    { name: 'text nurse + on-site + salaryMin', req: { query: 'nurse', filters: { remote: false, salaryMin: 30 } } },
    { name: 'text designer + companyId', req: { query: 'designer', filters: { companyId: 'boreal-media' } } },
    { name: 'text manager + company', req: { query: 'manager', filters: { company: 'boreal media' } } },
    {
      name: 'text health + verifiedAfter by salary',
      req: { query: 'health', filters: { verifiedAfter: '2026-10-25', sort: 'salary_desc' } },
    },
    {
      name: 'text python + discoveredAfter + US',
      req: { query: 'python', filters: { discoveredAfter: '2026-09-15', country: 'US' } },
    },
    { name: 'text lark engineer + salaryMax', req: { query: 'lark engineer', filters: { salaryMax: 150000 } } },
    {
      name: 'text kubernetes + city Atlantis',
      req: { query: 'kubernetes', filters: { city: 'Atlantis' } },
      empty: true,
    },
  ];
}
