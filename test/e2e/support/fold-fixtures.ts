import type { IndexWriter } from '#service/index-db/write/index-writer';
import { fixtureCompany, fixtureJob } from './user-fixtures.js';

// One role posted in four ports, and a posting of it two years older that expired: the index
// folds them at write time (docs/decisions/folding.md), so the list shows one row
// "Harbour Pilot · 4 places" and its detail the other places and the repost.

const DAY = 86_400_000;

export const FOLD_COMPANY = {
  id: '0e2e0000-0000-4000-8000-00000000f01d',
  slug: 'e2e-tidewater-lines',
  name: 'Tidewater Lines',
} as const;

export const FOLD_PORTS = ['Hamburg', 'Bremen', 'Kiel', 'Rostock'] as const;

export const FOLD_JOBS = FOLD_PORTS.map((city, i) => ({
  id: `0e2e0000-0000-4000-8000-0000000f0${String(i + 1).padStart(3, '0')}`,
  title: `Harbour Pilot - ${city}`,
  city,
}));

const TEXT =
  '<p>Bring ships safely into port: board inbound vessels, advise their masters on the tides and ' +
  'the channel, and keep the log of every passage. A master mariner licence is needed.</p>';

export function writeFoldFixtures(w: IndexWriter, now: number): void {
  w.upsertCompany(fixtureCompany(now, FOLD_COMPANY));
  const base = (j: { id: string; title: string; city: string }, discoveredAt: number) => ({
    ...fixtureJob(j, discoveredAt, FOLD_COMPANY.id),
    locations: [{ city: j.city, country: 'DE', remote: false }],
    descriptionHtml: TEXT,
  });
  // The first posting of the role, two years ago, long closed: the role was reposted since.
  w.upsertJob({
    ...base(
      { id: '0e2e0000-0000-4000-8000-0000000f0900', title: 'Harbour Pilot - Hamburg', city: 'Hamburg' },
      now - 730 * DAY,
    ),
    postedAt: now - 730 * DAY,
    status: 'expired',
    expiredAt: now - 600 * DAY,
  });
  FOLD_JOBS.forEach((j, i) => w.upsertJob({ ...base(j, now - 3 * DAY + i * 60_000), postedAt: now - 40 * DAY }));
}
