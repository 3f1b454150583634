import { buildIndex } from '#tools/generate/build-index';
import { generateCorpus, type CorpusOptions } from '../../../electron/tools/generate/corpus.js';
import { openIndex } from '#service/index-db/open-index';
import type { JobRecord } from '#service/index-db/records';
import { refreshStats } from '#service/index-db/write/refresh-stats';
import { IndexWriter } from '#service/index-db/write/index-writer';
import { EXPIRED_JOB, HOSTILE_HTML, HOSTILE_JOB } from './fixture-jobs.js';
import { writePolishFixtures } from './polish-fixtures.js';
import { writeQueryFixtures } from './query-fixtures.js';
import { writeUi31Fixtures } from './ui31-fixtures.js';
import { writeUserFixtures } from './user-fixtures.js';
import { writeFoldFixtures } from './fold-fixtures.js';

const DAY = 86_400_000;

/**
 * The index the browser tests run against: a generated corpus (dated now, so "3 days ago" reads
 * as a user would see it) plus a job with hostile markup and a recently expired job.
 */
export function buildE2eIndex(file: string): void {
  const opts: CorpusOptions = { jobs: 3000, seed: 11, now: Date.now() };
  buildIndex(file, opts);
  const company = generateCorpus(opts).companies[0]!;
  const base: Omit<JobRecord, 'id' | 'title' | 'descriptionHtml' | 'status' | 'discoveredAt'> = {
    slug: '',
    companyId: company.id,
    locations: [
      { city: 'Berlin', region: 'Berlin', country: 'DE', remote: false },
      { city: 'Munich', region: 'Bavaria', country: 'DE', remote: false },
    ],
    remote: false,
    workMode: 'hybrid',
    employmentType: 'full_time',
    seniority: 'senior',
    occupation: 'Software Engineering',
    salary: { min: 70000, max: 90000, currency: 'EUR', period: 'year' },
    sourceType: 'ats',
    sourcePlatform: company.platform,
    applyUrl: 'https://careers.example.com/apply/1',
    lastSeenAt: opts.now - DAY,
    lastScrapedAt: opts.now - DAY,
    lastVerifiedAt: opts.now - DAY,
  };
  const db = openIndex(file);
  try {
    const w = new IndexWriter(db);
    w.transaction(() => {
      w.upsertJob({
        ...base,
        ...HOSTILE_JOB,
        descriptionHtml: HOSTILE_HTML,
        status: 'active',
        discoveredAt: opts.now - 3 * DAY,
      });
      w.upsertJob({
        ...base,
        ...EXPIRED_JOB,
        descriptionHtml: '<p>The light is automated now.</p>',
        status: 'expired',
        discoveredAt: opts.now - 20 * DAY,
        expiredAt: opts.now - 2 * DAY,
      });
      writeFoldFixtures(w, opts.now);
      writeUserFixtures(w, opts.now);
      writeQueryFixtures(w, opts.now);
      writeUi31Fixtures(w, opts.now);
      writePolishFixtures(w, opts.now);
    });
    refreshStats(db, opts.now);
  } finally {
    db.close();
  }
}
