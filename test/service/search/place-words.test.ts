import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterIndexMigrations } from '../../../electron/service/index-db/after-migrate.js';
import type { JobRecord, LocationRecord } from '#service/index-db/records';
import { IndexWriter } from '#service/index-db/write/index-writer';
import { refreshStats } from '#service/index-db/write/refresh-stats';
import { FIXTURE, openFixture, type Harness } from '../../helpers/fixture.js';
import { loadJobs, oracle, type SearchRequest } from './oracle.js';
import { expectSameOrder, walkRpc } from './walk.js';

// Issue #31 item 2: a city typed as words finds the jobs there, whichever of its locations it is,
// with accents folded both ways (docs/decisions/place-words.md).

const T = FIXTURE.now + 3_600_000;
let h: Harness;

const COMPANY = 'boreal-media';
function job(n: number, title: string, locations: LocationRecord[]): JobRecord {
  const id = `${(0xb00000 + n).toString(16)}00-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    slug: '',
    title,
    companyId: h.db.prepare('SELECT id FROM companies WHERE slug = ?').pluck().get(COMPANY) as string,
    locations,
    remote: false,
    workMode: 'onsite',
    employmentType: 'full_time',
    seniority: 'mid',
    descriptionHtml: '<p>Shifts, a team, a ward.</p>',
    sourceType: 'ats',
    sourcePlatform: 'lever',
    status: 'active',
    discoveredAt: T + n * 1000,
    lastSeenAt: T,
    lastScrapedAt: T,
    lastVerifiedAt: T,
  };
}
const at = (city: string, country: string, region?: string): LocationRecord => ({
  city,
  country,
  remote: false,
  ...(region ? { region } : {}),
});

const ADDED: Array<[string, LocationRecord[]]> = [
  ['Ward Nurse Two Sites', [at('Warsaw', 'PL'), at('Krakow', 'PL')]],
  ['Ward Nurse Accented', [at('Kraków', 'PL', 'Małopolskie')]],
  ['Ward Nurse Plain Letters', [at('Łódź', 'PL')]],
  ['Ward Nurse Bavarian', [at('München', 'DE', 'Bayern')]],
  ['Ward Nurse Abroad', [at('Oslo', 'NO'), at('New York', 'US', 'NY')]],
];

beforeAll(() => {
  h = openFixture({ writable: true });
  const w = new IndexWriter(h.db);
  w.transaction(() => ADDED.forEach(([title, places], i) => w.upsertJob(job(i + 1, title, places))));
  refreshStats(h.db, T);
});
afterAll(() => h.close());

async function titles(query: string): Promise<string[]> {
  const res = await h.jobs.list({ query: { query, limit: 100 } });
  return res.data.map((c) => c.title).filter((t) => t.startsWith('Ward Nurse'));
}

describe('place words in full-text search', () => {
  it('a city typed with or without its accents finds it, as any of the job’s locations', async () => {
    const krakow = ['Ward Nurse Accented', 'Ward Nurse Two Sites'];
    expect((await titles('kraków')).sort()).toEqual(krakow);
    expect((await titles('krakow')).sort()).toEqual(krakow);
    expect((await titles('KRAKOW nurse')).sort()).toEqual(krakow);
  });

  it('letters without a mark fold too: lodz finds Łódź, and łódź finds it as written', async () => {
    expect(await titles('lodz')).toEqual(['Ward Nurse Plain Letters']);
    expect(await titles('łódź')).toEqual(['Ward Nurse Plain Letters']);
  });

  it('a city’s other names, its region and its country are words of the job', async () => {
    expect(await titles('munich')).toEqual(['Ward Nurse Bavarian']);
    expect(await titles('münchen')).toEqual(['Ward Nurse Bavarian']);
    expect(await titles('bayern nurse')).toEqual(['Ward Nurse Bavarian']);
    expect(await titles('malopolskie')).toEqual(['Ward Nurse Accented']);
    expect((await titles('ward nurse poland')).sort()).toEqual([
      'Ward Nurse Accented',
      'Ward Nurse Plain Letters',
      'Ward Nurse Two Sites',
    ]);
    expect(await titles('ward nurse york')).toEqual(['Ward Nurse Abroad']);
  });

  it('a phrase matches a city’s words in order, and never runs from the description into a city', async () => {
    expect(await titles('"new york" nurse')).toEqual(['Ward Nurse Abroad']);
    expect(await titles('"ward new"')).toEqual([]);
  });

  it('every plan agrees with the oracle on place words', async () => {
    const jobs = loadJobs(h.db);
    const cases: SearchRequest[] = [
      { query: 'krakow' },
      { query: 'nurse kraków', filters: { sort: 'newest' } },
      { query: 'lodz', filters: { country: 'PL' } },
      { query: 'munich', filters: { sort: 'salary_desc' } },
      { query: '"new york"' },
    ];
    for (const req of cases) expectSameOrder(await walkRpc(h, req, 3), oracle(jobs, req), JSON.stringify(req));
  });

  it('an index written before place words gets them once its migration has run', async () => {
    // A row as 0016 and older wrote it: the description alone.
    const rid = h.db
      .prepare<[], number>("SELECT rid FROM jobs WHERE title = 'Ward Nurse Plain Letters'")
      .pluck()
      .get()!;
    h.db.prepare('DELETE FROM job_search WHERE rowid = ?').run(rid);
    h.db
      .prepare(
        "INSERT INTO job_search (rowid, title, company, description, facets) VALUES (?, ?, 'Boreal Media', 'Shifts', '')",
      )
      .run(rid, 'Ward Nurse Plain Letters');
    refreshStats(h.db, T);
    expect(await titles('lodz ward')).toEqual([]);
    h.db.prepare("INSERT INTO meta (key, value) VALUES ('after_migrate_search_rows', '1')").run();
    afterIndexMigrations(h.db);
    expect(await titles('ward lodz')).toEqual(['Ward Nurse Plain Letters']);
    expect(h.db.prepare("SELECT count(*) FROM meta WHERE key = 'after_migrate_search_rows'").pluck().get()).toBe(0);
  });
});
