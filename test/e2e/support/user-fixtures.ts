import type { CompanyRecord, JobRecord } from '#service/index-db/records';
import type { IndexWriter } from '#service/index-db/write/index-writer';

// Jobs (and a company of their own) the user-data flows act on: saving, hiding, blocking and
// reporting them must not change what the other specs, running at the same time, see.

const DAY = 86_400_000;

export const FIXTURE_COMPANY = {
  id: '0e2e0000-0000-4000-8000-00000000c0de',
  slug: 'e2e-fixture-works',
  name: 'Fixture Works',
} as const;

/** A company of one job, for blocking: blocking it hides nothing another spec looks for. */
export const BLOCK_COMPANY = {
  id: '0e2e0000-0000-4000-8000-00000000c0df',
  slug: 'e2e-blockable-forge',
  name: 'Blockable Forge',
} as const;
export const BLOCK_JOB = { id: '0e2e0000-0000-4000-8000-0000000a0006', title: 'Blockable Farrier' } as const;

export const TRACKED_JOB = { id: '0e2e0000-0000-4000-8000-0000000a0001', title: 'Tracked Orchard Surveyor' } as const;
export const HIDE_JOB = { id: '0e2e0000-0000-4000-8000-0000000a0002', title: 'Hideable Glassblower' } as const;
export const REPORT_JOB = { id: '0e2e0000-0000-4000-8000-0000000a0003', title: 'Reportable Cartographer' } as const;
export const EXPORT_JOB = { id: '0e2e0000-0000-4000-8000-0000000a0004', title: 'Exportable Saddler' } as const;
/** A job in three places (one remote), for exports that must name every location (issue 18 item 12). */
export const TRAVELLING_JOB = { id: '0e2e0000-0000-4000-8000-0000000a000a', title: 'Travelling Cartographer' } as const;
export const TRAVELLING_PLACES = [
  { city: 'Leeds', region: 'England', country: 'GB', remote: false },
  { city: 'Glasgow', country: 'GB', remote: false },
  { country: 'IE', remote: true },
];
export const TRAVELLING_APPLY_URL = 'https://fixture-works.example.com/apply/cartographer';
/** Saved by the UI specs of issue 18 (typed dates, notes, narrow windows): no other spec touches them. */
export const DATED_JOB = { id: '0e2e0000-0000-4000-8000-0000000a0007', title: 'Punctual Clockmaker' } as const;
export const NOTES_JOB = { id: '0e2e0000-0000-4000-8000-0000000a0008', title: 'Notetaking Bookbinder' } as const;
export const OTHER_NOTES_JOB = { id: '0e2e0000-0000-4000-8000-0000000a0009', title: 'Quiet Papermaker' } as const;

/** Notes typed while the service is down, for the typing-kept spec. */
export const DRAFT_NOTES_JOB = { id: '0e2e0000-0000-4000-8000-0000000a000b', title: 'Draftkeeping Scrivener' } as const;

/** Hidden and shown again by the focus spec: nobody else searches for them. */
export const UNSEEN_JOBS = [
  { id: '0e2e0000-0000-4000-8000-0000000a000c', title: 'Unseen Lamplighter' },
  { id: '0e2e0000-0000-4000-8000-0000000a000d', title: 'Unseen Chandler' },
] as const;

/** Text longer than any pane: a company name and a title with a word that cannot wrap. */
export const LONG_COMPANY = {
  id: '0e2e0000-0000-4000-8000-00000000c1a0',
  slug: 'e2e-long-name',
  name: 'The International Consolidated Amalgamated Worldwide Holdings and Subsidiaries of Extraordinarily Long Company Names Incorporated',
} as const;
export const LONG_JOB = {
  id: '0e2e0000-0000-4000-8000-0000000a1a01',
  title:
    'Principal Distinguished Lexicographer for Supercalifragilisticexpialidociousness and Interdisciplinary Cross-Functional Archival Reliability (Hybrid, Part-time Possible)',
} as const;
/** A posting that names no place and no pay. */
export const PLACELESS_JOB = {
  id: '0e2e0000-0000-4000-8000-0000000a1a02',
  title: 'Placeless Volunteer Archivist',
} as const;

/** A word only saved-search jobs carry, so "N new" counts nothing else. */
export const NEW_WORD = 'zeppelin';
export const OLD_ZEPPELIN_JOB = { id: '0e2e0000-0000-4000-8000-0000000a0005', title: 'Zeppelin Rigger' } as const;

export function fixtureCompany(
  now: number,
  company: { id: string; slug: string; name: string } = FIXTURE_COMPANY,
): CompanyRecord {
  return {
    ...company,
    website: 'https://fixture-works.example.com',
    logoUrl: '',
    industry: 'Manufacturing',
    employeeCountRange: '11-50',
    createdAt: now - 100 * DAY,
    updatedAt: now - DAY,
  };
}

/** An active job of the fixture company, discovered at `discoveredAt`. */
export function fixtureJob(
  job: { id: string; title: string },
  discoveredAt: number,
  companyId: string = FIXTURE_COMPANY.id,
): JobRecord {
  return {
    ...job,
    slug: '',
    companyId,
    locations: [{ city: 'Lisbon', country: 'PT', remote: false }],
    remote: false,
    workMode: 'onsite',
    employmentType: 'full_time',
    seniority: 'mid',
    descriptionHtml: `<p>${job.title}: a job for the browser tests.</p>`,
    sourceType: 'ats',
    sourcePlatform: 'greenhouse',
    applyUrl: 'https://fixture-works.example.com/apply',
    status: 'active',
    discoveredAt,
    lastSeenAt: discoveredAt,
    lastScrapedAt: discoveredAt,
    lastVerifiedAt: discoveredAt,
  };
}

/** Writes the fixture company and its jobs (the last jobs written: the saved-search baseline is a day ago). */
export function writeUserFixtures(w: IndexWriter, now: number): void {
  w.upsertCompany(fixtureCompany(now));
  w.upsertCompany(fixtureCompany(now, BLOCK_COMPANY));
  w.upsertJob(fixtureJob(BLOCK_JOB, now - DAY, BLOCK_COMPANY.id));
  w.upsertJob({
    ...fixtureJob(TRAVELLING_JOB, now - DAY),
    locations: TRAVELLING_PLACES,
    applyUrl: TRAVELLING_APPLY_URL,
  });
  for (const j of [
    TRACKED_JOB,
    HIDE_JOB,
    REPORT_JOB,
    EXPORT_JOB,
    OLD_ZEPPELIN_JOB,
    DATED_JOB,
    NOTES_JOB,
    OTHER_NOTES_JOB,
    DRAFT_NOTES_JOB,
    ...UNSEEN_JOBS,
  ]) {
    w.upsertJob(fixtureJob(j, now - DAY));
  }
  w.upsertCompany(fixtureCompany(now, LONG_COMPANY));
  w.upsertJob(fixtureJob(LONG_JOB, now - DAY, LONG_COMPANY.id));
  w.upsertJob({ ...fixtureJob(PLACELESS_JOB, now - DAY), locations: [] });
}
