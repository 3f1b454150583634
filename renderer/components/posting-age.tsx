import type { JobCard } from '#shared/gen/svc/jobs/v1/job_pb';
import { timestampMs } from '@bufbuild/protobuf/wkt';
import { TimeAgo } from './time-ago.js';

/**
 * "posted 5 years ago · first seen today" where the board states when it published the posting,
 * "first seen today" where it does not (docs/decisions/posting-age.md). A board date later than
 * first seen says nothing older, so only first seen shows.
 */
export function PostingAge({ job }: { job: Pick<JobCard, 'postedAt' | 'discoveredAt'> }) {
  const posted = job.postedAt;
  const stated =
    posted !== undefined && job.discoveredAt !== undefined && timestampMs(posted) <= timestampMs(job.discoveredAt);
  return (
    <>
      {stated && (
        <>
          <TimeAgo at={posted} prefix="posted" />
          {' · '}
        </>
      )}
      <TimeAgo at={job.discoveredAt} prefix="first seen" />
    </>
  );
}
