import { memo } from 'react';
import type { JobCard } from '#shared/gen/svc/jobs/v1/job_pb';
import { formatSalary } from '#shared/format/salary';
import { ComparablePay } from './ComparablePay.js';
import { label } from './labels.js';
import { timestampMs } from '@bufbuild/protobuf/wkt';
import { useNewMarks } from '../state/new-marks.js';
import { useSaved } from '../state/saved-store.js';
import { SaveButton } from './saved/SaveButton.js';
import { PostingAge } from './posting-age.js';
import { placesOf } from '../state/roles.js';

/** Fixed row height of the job lists (the virtual list positions rows by it). */
export const JOB_ROW_HEIGHT = 88;

/** One card; memoized, so typing re-renders a row only when its job changes. */
export const JobCardRow = memo(function JobCardRow({ job }: { job: JobCard }) {
  const saved = useSaved((s) => s.stages.has(job.id));
  const since = useNewMarks((s) => s.sinceMs);
  const isNew = since !== undefined && job.discoveredAt !== undefined && timestampMs(job.discoveredAt) > since;
  const places = placesOf(job);
  const many = places > 1 ? `${places.toLocaleString('en')} places` : '';
  return (
    <article
      className="jobrow"
      aria-label={`${job.title}${many ? `, ${many}` : ''} at ${job.companyName}${isNew ? ', new' : ''}${saved ? ', saved' : ''}`}
    >
      <div className="jobrow__head">
        <div className="jobrow__title">
          {job.title}
          {/* One role posted in several places (folding.md): one row, with the count. */}
          {many && <span className="muted jobrow__places"> · {many}</span>}
        </div>
        <SaveButton jobId={job.id} title={job.title} compact />
      </div>
      <div className="jobrow__line">
        <div className="jobrow__company">
          {job.companyName}
          {/* No separator left dangling when the posting names no place. */}
          {job.locationText && <span className="muted"> · {job.locationText}</span>}
        </div>
        <span className="muted jobrow__when">
          <PostingAge job={job} />
        </span>
      </div>
      <div className="jobrow__meta">
        <span className="jobrow__stated">
          {isNew && <span className="tag tag--new">New</span>}
          {job.remote && <span className="tag tag--remote">Remote</span>}
          {job.salary && <span className="salary">{formatSalary(job.salary)}</span>}
        </span>
        {/* The conversion sits beside the stated pay; the kind tags yield room to it, each whole. */}
        {job.salary && <ComparablePay salary={job.salary} compact />}
        {job.employmentType && <span className="tag jobrow__kind">{label(job.employmentType)}</span>}
        {job.seniority && <span className="tag jobrow__kind">{label(job.seniority)}</span>}
      </div>
    </article>
  );
});
