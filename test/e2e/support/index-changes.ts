import { openIndex } from '#service/index-db/open-index';
import { IndexWriter } from '#service/index-db/write/index-writer';
import { openUserDb } from '#service/user-db/open-user-db';
import { SavedJobs } from '#service/user-db/saved-jobs';
import { SavedJobsSyncPort } from '#service/user-services/saved-jobs-sync';
import { fixtureJob } from './user-fixtures.js';

// Changes to the files the running `jobindex serve` has open, as a sync would make them.

function env(name: 'JOBINDEX_E2E_INDEX' | 'JOBINDEX_E2E_USER'): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the browser tests through playwright.config.ts`);
  return v;
}

function withWriter(run: (w: IndexWriter) => void, indexFile = env('JOBINDEX_E2E_INDEX')): void {
  const db = openIndex(indexFile);
  try {
    const w = new IndexWriter(db);
    w.transaction(() => run(w));
  } finally {
    db.close();
  }
}

/**
 * What a sync does when the upstream no longer has a saved job: the job leaves the index
 * entirely, and the user file marks the saved copy closed at the check.
 */
export async function purgeSavedJob(jobId: string): Promise<void> {
  withWriter((w) => w.deleteJob(jobId));
  const user = openUserDb(env('JOBINDEX_E2E_USER'));
  try {
    await new SavedJobsSyncPort(new SavedJobs(user)).recordCheck(jobId, { kind: 'gone' }, new Date());
  } finally {
    user.close();
  }
}

/** New jobs arriving in the index now (a sync bringing them); the shared e2e index unless named. */
export function addJobs(jobs: ReadonlyArray<{ id: string; title: string }>, indexFile?: string): void {
  const now = Date.now();
  withWriter((w) => {
    for (const j of jobs) w.upsertJob(fixtureJob(j, now));
  }, indexFile);
}
