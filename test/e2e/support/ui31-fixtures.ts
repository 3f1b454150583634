import type { IndexWriter } from '#service/index-db/write/index-writer';
import { fixtureCompany, fixtureJob } from './user-fixtures.js';

// Jobs of a company of their own for the specs of issue 31 (the UI on real jobs), so what they
// save, unsave and search changes nothing another spec counts.

const DAY = 86_400_000;

export const UI31_COMPANY = {
  id: '0e2e0000-0000-4000-8000-00000000c310',
  slug: 'e2e-undo-guild',
  name: 'Undo Guild',
} as const;

/** Saved, tracked, unsaved and brought back by unsave-undo.spec.ts. */
export const UNDO_JOB = { id: '0e2e0000-0000-4000-8000-0000000a3101', title: 'Undoable Wheelwright' } as const;

/** Reported and saved (with no notes) by focus-and-words.spec.ts. */
export const FOCUS_JOB = { id: '0e2e0000-0000-4000-8000-0000000a3102', title: 'Focused Cooper' } as const;

/** Postings whose source stated no work mode, employment type or seniority (honest-search.spec.ts). */
export const UNSTATED_JOBS = [
  { id: '0e2e0000-0000-4000-8000-0000000a3111', title: 'Unstated Lamplighter' },
  { id: '0e2e0000-0000-4000-8000-0000000a3112', title: 'Unstated Chandler' },
  { id: '0e2e0000-0000-4000-8000-0000000a3113', title: 'Unstated Farrier' },
] as const;

export function writeUi31Fixtures(w: IndexWriter, now: number): void {
  w.upsertCompany(fixtureCompany(now, UI31_COMPANY));
  w.upsertJob(fixtureJob(UNDO_JOB, now - 2 * DAY, UI31_COMPANY.id));
  w.upsertJob(fixtureJob(FOCUS_JOB, now - 2 * DAY, UI31_COMPANY.id));
  for (const j of UNSTATED_JOBS) {
    const {
      workMode: _w,
      employmentType: _e,
      seniority: _s,
      ...stated
    } = fixtureJob(j, now - 3 * DAY, UI31_COMPANY.id);
    w.upsertJob(stated);
  }
}
