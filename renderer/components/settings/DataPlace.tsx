import type { Settings } from '#shared/gen/svc/settings/v1/settings_pb';
import { useMeta } from '../../state/meta-store.js';
import { useRoute } from '../../state/route-store.js';
import { TimeAgo } from '../time-ago.js';
import { counted } from '../plural.js';

/** Where the data lives, and what the index holds: sample data, or real postings and when they came. */
export function DataPlace({ settings }: { settings: Settings }) {
  const info = useMeta((s) => s.info);
  const go = useRoute((s) => s.go);
  return (
    <section aria-labelledby="data-title">
      <h2 id="data-title">Your data</h2>
      {info?.sampleData ? (
        <p className="sample-note" role="note" aria-label="Sample data">
          The index holds sample data: invented companies and jobs to try the app with.{' '}
          <a
            href="#/sources"
            onClick={(e) => {
              e.preventDefault();
              go({ view: 'sources' });
            }}
          >
            Follow real employers in Sources
          </a>{' '}
          to replace them{settings.upstreamUrl ? ', or wait for the next sync' : ''}.
        </p>
      ) : (
        info && (
          <p>
            {counted(info.jobCount, 'job', 'jobs')} from {counted(info.companyCount, 'company', 'companies')}.{' '}
            {info.lastSyncAt ? <TimeAgo at={info.lastSyncAt} prefix="Last synced" /> : 'Not synced yet.'}
          </p>
        )
      )}
      <dl className="settings__files">
        <dt>Job index</dt>
        <dd className="mono">{settings.indexFile}</dd>
        <dt>Your saved jobs, searches, reports and settings</dt>
        <dd className="mono">{settings.userFile}</dd>
      </dl>
      <p className="muted">Back up the second file to keep your own data; the job index can always be synced again.</p>
    </section>
  );
}
