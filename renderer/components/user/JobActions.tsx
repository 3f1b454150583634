import { SaveButton } from '../saved/SaveButton.js';
import { blockCompany, hideJob } from './hide-actions.js';
import { ReportButton } from './ReportDialog.js';

/** The user's actions on a job in its detail: save, report, hide it, block its company. */
export function JobActions({
  jobId,
  title,
  company,
  onGone,
}: {
  jobId: string;
  title: string;
  company: { slug: string; name: string } | undefined;
  onGone(what: 'job' | 'company'): void;
}) {
  return (
    <div className="job-actions" role="group" aria-label="Job actions">
      <SaveButton jobId={jobId} title={title} />
      <ReportButton jobId={jobId} title={title} />
      <button type="button" className="button" onClick={() => void hideJob(jobId, title, () => onGone('job'))}>
        Hide job
      </button>
      {company && (
        <button
          type="button"
          className="button"
          title={`Leave every ${company.name} job out of your results`}
          onClick={() => void blockCompany(company.slug, company.name, () => onGone('company'))}
        >
          Block company
        </button>
      )}
    </div>
  );
}
