import { timestampMs } from '@bufbuild/protobuf/wkt';
import { memo } from 'react';
import type { GetResponse as JobDetailData } from '#shared/gen/svc/jobs/v1/jobs_pb';
import type { JobCard, Location } from '#shared/gen/svc/jobs/v1/job_pb';
import { countryName } from '#shared/format/country-name';
import { formatSalary } from '#shared/format/salary';
import { ComparablePay } from './ComparablePay.js';
import { jobsClient } from '../api/clients.js';
import { useRpc } from '../hooks/use-rpc.js';
import { CompanyLogo } from './CompanyLogo.js';
import { Description } from './Description.js';
import { DetailSkeleton, ErrorState } from './feedback.js';
import { label } from './labels.js';
import { JobActions } from './user/JobActions.js';
import { useJobTitle } from '../hooks/use-document-title.js';
import { TimeAgo } from './time-ago.js';
import { FoldEvidence } from './fold-evidence.js';
import { JobOrigin } from './job-origin.js';

interface Props {
  id: string;
  onOpenJob(id: string): void;
  onOpenCompany(slug: string): void;
  onClose(): void;
  /** The job was hidden or its company blocked (default: close). */
  onGone?(what: 'job' | 'company'): void;
}

function place(l: Location): string {
  const parts = [l.city, l.region, l.country ? countryName(l.country) : undefined].filter(Boolean);
  const where = parts.length ? parts.join(', ') : (l.text ?? '');
  if (!l.remote || /remote/i.test(where)) return where;
  return where ? `${where} (remote)` : 'Remote';
}

/**
 * Everything about one job, beside the list, with similar jobs below. Memoized: with stable
 * callbacks it re-renders when the job changes, not on every keystroke in the search box.
 */
export const JobDetail = memo(function JobDetail({ id, onOpenJob, onOpenCompany, onClose, onGone }: Props) {
  const job = useRpc(id, (signal) => jobsClient.get({ id }, { signal }));
  if (job.status === 'loading') return <DetailSkeleton />;
  if (job.status === 'error') return <ErrorState error={job.error} onRetry={job.retry} />;
  return (
    <DetailBody
      job={job.data}
      onOpenJob={onOpenJob}
      onOpenCompany={onOpenCompany}
      onClose={onClose}
      onGone={onGone ?? onClose}
    />
  );
});

function DetailBody({ job, onOpenJob, onOpenCompany, onClose, onGone }: { job: JobDetailData } & Omit<Props, 'id'>) {
  const expired = job.status === 'expired';
  const slug = job.company?.slug;
  useJobTitle(job.company?.name ? `${job.title} at ${job.company.name}` : job.title);
  return (
    <article className="detail" aria-labelledby="detail-title">
      <BackToList onClose={onClose} />
      <header className="detail__head">
        <CompanyLogo name={job.company?.name ?? ''} url={job.company?.logoUrl} size="lg" />
        <div>
          <h2 id="detail-title">
            {job.title} {expired && <span className="badge badge--expired">Expired</span>}
          </h2>
          <p className="detail__company">
            {slug ? (
              <button type="button" className="linkish" onClick={() => onOpenCompany(slug)}>
                {job.company?.name}
              </button>
            ) : (
              job.company?.name
            )}
          </p>
        </div>
        <button type="button" className="icon-button" aria-label="Close job" title="Close (Esc)" onClick={onClose}>
          ×
        </button>
      </header>
      <JobOrigin id={job.id} />
      <dl className="facts">
        <dt>Locations</dt>
        <dd>
          {job.locations.length ? (
            <ul className="plain">
              {job.locations.map((l, i) => (
                <li key={i}>{place(l)}</li>
              ))}
            </ul>
          ) : (
            'Not given'
          )}
        </dd>
        {/* A fact the source did not state is left out, never shown as a value. */}
        {job.remote !== undefined && (
          <>
            <dt>Remote</dt>
            <dd>{job.remote ? 'Yes, remote applicants accepted' : 'No'}</dd>
          </>
        )}
        {job.workMode && (
          <>
            <dt>Work mode</dt>
            <dd>{label(job.workMode)}</dd>
          </>
        )}
        {job.employmentType && (
          <>
            <dt>Employment</dt>
            <dd>{label(job.employmentType)}</dd>
          </>
        )}
        {job.seniority && (
          <>
            <dt>Seniority</dt>
            <dd>{label(job.seniority)}</dd>
          </>
        )}
        {job.occupation && (
          <>
            <dt>Occupation</dt>
            <dd>{job.occupation}</dd>
          </>
        )}
        <dt>Salary</dt>
        <dd>
          {job.salary ? (
            <>
              <span className="salary">{formatSalary(job.salary)}</span> <ComparablePay salary={job.salary} />
            </>
          ) : (
            'Not given'
          )}
        </dd>
        <dt>Source</dt>
        <dd>
          {job.source ? `${label(job.source.platform)}${job.source.type ? ` (${label(job.source.type)})` : ''}` : '—'}
        </dd>
        {job.postedAt && (
          <>
            <dt>Posted</dt>
            <dd>
              <TimeAgo at={job.postedAt} />
            </dd>
          </>
        )}
        <dt>Discovered</dt>
        <dd>
          <TimeAgo at={job.discoveredAt} />
        </dd>
        <FoldEvidence job={job} />
        <dt>Verified</dt>
        <dd>
          <TimeAgo at={job.lastVerifiedAt} />
        </dd>
        {expired && job.expiredAt && timestampMs(job.expiredAt) > 0 && (
          <>
            <dt>Expired</dt>
            <dd>
              <TimeAgo at={job.expiredAt} />
            </dd>
          </>
        )}
      </dl>
      <div className="detail__actions">
        {job.applyUrl && !expired ? (
          <a className="button button--primary" href={job.applyUrl} target="_blank" rel="noopener noreferrer">
            Apply
          </a>
        ) : (
          <span className="muted">{expired ? 'This job is no longer open.' : 'No application link.'}</span>
        )}
        <JobActions
          jobId={job.id}
          title={job.title}
          company={slug ? { slug, name: job.company?.name ?? slug } : undefined}
          onGone={onGone ?? onClose}
        />
      </div>
      <Description html={job.description} />
      <SimilarJobs id={job.id} onOpenJob={onOpenJob} />
    </article>
  );
}

function SimilarJobs({ id, onOpenJob }: { id: string; onOpenJob(id: string): void }) {
  const similar = useRpc(id, (signal) => jobsClient.getSimilar({ id, limit: 6 }, { signal }));
  return (
    <section className="similar" aria-labelledby="similar-title">
      <h3 id="similar-title">Similar jobs</h3>
      {similar.status === 'loading' && <p className="muted">Loading…</p>}
      {similar.status === 'error' && <ErrorState error={similar.error} onRetry={similar.retry} />}
      {similar.status === 'ready' &&
        (similar.data.data.length === 0 ? (
          <p className="muted">No similar jobs right now.</p>
        ) : (
          <ul className="plain similar__list">
            {similar.data.data.map((j: JobCard) => (
              <li key={j.id}>
                <button type="button" className="similar__item" onClick={() => onOpenJob(j.id)}>
                  <span className="similar__title">{j.title}</span>
                  <span className="muted">
                    {j.companyName}
                    {j.locationText && ` · ${j.locationText}`}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}

/** In a narrow window the job is a view of its own: this returns to the list (Esc too). */
export function BackToList({ onClose }: { onClose(): void }) {
  return (
    <button type="button" className="button narrow-only back-to-list" onClick={onClose}>
      ← Back to the list
    </button>
  );
}
