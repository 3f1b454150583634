import { create } from '@bufbuild/protobuf';
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import { JobSourcesResponseSchema, type JobSourcesResponse } from '#shared/gen/svc/sources/v1/sources_pb';
import { isSampleIndex } from '../index-db/write/clear-sample.js';
import { jobHolders } from '../index-db/write/job-sources.js';
import { readableJob } from '../index-services/jobs-service.js';
import type { IndexContext } from '../index-services/index-context.js';
import type { FollowedBoards } from '../user-db/followed-boards.js';

/**
 * Where a job comes from (SourcesService.JobSources, docs/decisions/provenance.md): the index's
 * holders of the job, each board marked followed (and with the directory set it came with) from
 * the user file. A job no source holds in a sample index is the sample's.
 */
export function jobProvenance(index: IndexContext, followed: FollowedBoards, jobId: string): JobSourcesResponse {
  const id = readableJob(index, jobId, 'job_id').job.id;
  const rows = new Map(followed.list().map((r) => [`board:${r.key}`.toLowerCase(), r]));
  const holders = jobHolders(index.db, id);
  return create(JobSourcesResponseSchema, {
    sources: holders.map((h) => {
      const row = rows.get(h.source.toLowerCase());
      return {
        key: h.source,
        open: h.open,
        at: timestampFromMs(h.at),
        followed: row !== undefined,
        ...(row?.directory_set ? { directorySet: row.directory_set } : {}),
      };
    }),
    sample: holders.length === 0 && isSampleIndex(index.db),
  });
}
