import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRecord } from '#service/index-db/records';
import { JobSearch } from '../../../electron/service/index-db/search/job-search.js';
import { IndexWriter } from '#service/index-db/write/index-writer';
import { refreshStats } from '#service/index-db/write/refresh-stats';
import { FIXTURE, openFixture, type Harness } from '../../helpers/fixture.js';
import { loadJobs, oracle, type OracleJob, type SearchRequest } from './oracle.js';
import { PLANS, expectSameOrder, walkEngine, walkRpc } from './walk.js';

// The query language and the terms people write with symbols (c++, c#, .net, node.js, emoji),
// against the oracle, through every plan. The generated corpus has no such terms: a few jobs
// that do are added to a private copy of the fixture.

const T = FIXTURE.now + 3_600_000;
let h: Harness;
let jobs: OracleJob[];

const COMPANY = 'boreal-media';
function job(n: number, title: string, html: string): JobRecord {
  const id = `${(0xa00000 + n).toString(16)}00-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    slug: '',
    title,
    companyId: h.db.prepare('SELECT id FROM companies WHERE slug = ?').pluck().get(COMPANY) as string,
    locations: [{ city: 'Oslo', country: 'NO', remote: false }],
    remote: false,
    workMode: 'onsite',
    employmentType: 'full_time',
    seniority: 'mid',
    descriptionHtml: html,
    sourceType: 'ats',
    sourcePlatform: 'lever',
    status: 'active',
    discoveredAt: T + n * 1000,
    lastSeenAt: T,
    lastScrapedAt: T,
    lastVerifiedAt: T,
  };
}

const ADDED: Array<[string, string]> = [
  ['C++ Developer', '<p>Modern C++ and some C.</p>'],
  ['C Developer', '<p>Embedded C, no C++ at all? Yes, none.</p>'],
  ['Objective-C Engineer', '<p>iOS work.</p>'],
  ['C# Engineer', '<p>We use C# and .NET 8.</p>'],
  ['Backend Engineer', '<p>ASP.NET Core services, a bit of F#.</p>'],
  ['Network Engineer', '<p>Cisco, net tools, the internet.</p>'],
  ['Node.js Developer', '<p>Node.JS and TypeScript.</p>'],
  ['Frontend Developer', '<p>Vue.js on the front; node tooling, js everywhere.</p>'],
  ['Growth Marketer 🚀', '<p>Rocket ship 🚀 startup.</p>'],
  ['R Statistician', '<p>Statistics in R and Python.</p>'],
  ['Senior Software Engineer', '<p>Software engineer, senior level, remote friendly.</p>'],
  ['Engineer, Software Senior', '<p>Engineer for software at senior level.</p>'],
];

beforeAll(() => {
  h = openFixture({ writable: true });
  const w = new IndexWriter(h.db);
  w.transaction(() => ADDED.forEach(([title, html], i) => w.upsertJob(job(i + 1, title, html))));
  refreshStats(h.db, T);
  jobs = loadJobs(h.db);
});
afterAll(() => h.close());

const titles = (req: SearchRequest) => oracle(jobs, req).map((x) => x.job.title);

describe('terms as people write them (the oracle itself)', () => {
  it('c++, c#, .net, node.js and emoji find the jobs that say them, and only those', () => {
    expect(titles({ query: 'c++' }).sort()).toEqual(['C Developer', 'C++ Developer']);
    expect(titles({ query: 'c#' }).sort()).toEqual(['C# Engineer']);
    expect(titles({ query: '.net' }).sort()).toEqual(['Backend Engineer', 'C# Engineer']);
    expect(titles({ query: 'node.js' }).sort()).toEqual(['Node.js Developer']);
    expect(titles({ query: '🚀' })).toEqual(['Growth Marketer 🚀']);
    expect(titles({ query: 'c++ -"no c++"' })).toEqual(['C++ Developer']);
  });

  it('one-letter words match whole words once followed by more text', () => {
    expect(titles({ query: 'r statistician' })).toEqual(['R Statistician']);
    expect(titles({ query: 'title:"r"' })).toEqual(['R Statistician']);
  });

  it('a phrase needs its words in order; -word excludes; OR widens; title: limits', () => {
    const phrase = titles({ query: '"senior software engineer"' });
    expect(phrase).toContain('Senior Software Engineer');
    expect(phrase).not.toContain('Engineer, Software Senior');
    expect(titles({ query: 'statistician OR rocket' }).sort()).toEqual(['Growth Marketer 🚀', 'R Statistician']);
    expect(titles({ query: 'developer -title:node' })).not.toContain('Node.js Developer');
    expect(titles({ query: 'title:cisco' })).toEqual([]);
    expect(titles({ query: 'cisco' })).toEqual(['Network Engineer']);
  });
});

const CASES: SearchRequest[] = [
  { query: 'c++' },
  { query: 'C++ developer' },
  { query: 'c#' },
  { query: '.net' },
  { query: 'asp.net' },
  { query: 'node.js' },
  { query: 'vue.js' },
  { query: 'f#' },
  { query: '🚀' },
  { query: '🚀 OR statistician' },
  { query: 'r statistician' },
  { query: 'developer c' },
  { query: 'developer "c"' },
  { query: 'c developer' },
  { query: '"software engineer"' },
  { query: '"senior software engineer"' },
  { query: '"software engineer" remote' },
  { query: 'software -senior' },
  { query: 'engineer -title:senior' },
  { query: 'nurse OR midwife' },
  { query: 'nurse OR midwife london' },
  { query: 'title:engineer' },
  { query: 'company:boreal designer' },
  { query: 'title:"software engineer" -"senior software"' },
  { query: '-engineer' },
  { query: '-"software engineer"' },
  { query: 'c++ -"no c++"' },
  { query: '"c# engineer"' },
  { query: '"modern c++" OR "f#."' },
  { query: 'engineer', filters: { sort: 'newest' } },
  { query: '"software engineer"', filters: { sort: 'salary_desc' } },
  { query: 'software OR health', filters: { sort: 'company', country: 'US' } },
  { query: 'title:nurse -night', filters: { remote: false } },
];

describe.each(PLANS)('with forcePlan = %s, each query equals the oracle', (plan) => {
  let search: JobSearch;
  beforeAll(() => {
    search = new JobSearch(h.db, { forcePlan: plan });
  });
  it.each(CASES.map((c) => [JSON.stringify(c), c] as const))('%s', (_n, req) => {
    const want = oracle(jobs, req);
    expect(want.length, 'a case the fixture answers').toBeGreaterThan(0);
    const limit = Math.min(100, Math.max(7, Math.ceil(want.length / 10)));
    expectSameOrder(walkEngine(search, req, limit).ids, want, `${plan} ${JSON.stringify(req)}`);
  });
});

describe('through the service (JSON over the router)', () => {
  it.each([['c++'], ['"software engineer" -senior'], ['-engineer']])('%s', async (query) => {
    expectSameOrder(await walkRpc(h, { query }, 50), oracle(jobs, { query }), query);
  });
});
