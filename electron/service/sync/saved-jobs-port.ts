import type { GetResponse } from '#shared/gen/svc/jobs/v1/jobs_pb';

/** What a sync learned about one saved job from the upstream's JobsService.Get. */
export type SavedJobCheck =
  /** Get answered: the detail, `status` `active` or `expired`. */
  | { kind: 'detail'; detail: GetResponse; closedBy?: string }
  /** Get answered `not_found`: the upstream no longer knows the job (purged). */
  | { kind: 'gone'; closedBy?: string };
// `closedBy`: the index's key of the source whose word closed the job (`board:greenhouse:luno`,
// `upstream:https://…`, index-db/write/job-sources.ts), kept with the saved job so its close can
// name it after the posting left the index (docs/decisions/provenance.md).

/**
 * How sync reaches the user's saved jobs without depending on the user file: the app passes an
 * implementation over the user store; the CLI may pass none. Sync re-checks every saved id on each
 * successful run; the implementation refreshes or marks the snapshot and never deletes it.
 */
export interface SavedJobsPort {
  savedJobIds(): string[];
  /** May be async (the app's loads the description sanitizer on first use); sync awaits it. */
  recordCheck(jobId: string, check: SavedJobCheck, checkedAt: Date): void | Promise<void>;
}
