import { useState, type MouseEvent } from 'react';
import { hidingClient } from '../../api/clients.js';
import { useFocusWhenReady } from '../../hooks/use-focus-when-ready.js';
import { useRpc } from '../../hooks/use-rpc.js';
import { formatDay } from '../saved/day.js';
import { ErrorState } from '../feedback.js';
import { focusAfterRemoval } from './focus-after-removal.js';
import { unblockCompany, unhideJob } from './hide-actions.js';

/** What the user took out of results: hidden jobs and blocked companies, each can be lifted. */
export function HiddenScreen() {
  const [version, setVersion] = useState(0);
  const list = useRpc(String(version), (signal) => hidingClient.list({}, { signal }));
  // The list comes again without the row; the focus moves on to the next row (or the heading).
  const focusLater = useFocusWhenReady(list, list.status === 'ready');
  const after = (e: MouseEvent<HTMLElement>, heading: string, run: Promise<void>) => {
    const next = focusAfterRemoval(e.currentTarget, () => document.getElementById(heading));
    void run.then(() => {
      focusLater(next);
      setVersion((v) => v + 1);
    });
  };
  return (
    <div className="screen page">
      <h1>Hidden and blocked</h1>
      {list.status === 'error' && <ErrorState error={list.error} onRetry={list.retry} />}
      {list.status === 'ready' && (
        <>
          <section aria-labelledby="hidden-jobs-title">
            <h2 id="hidden-jobs-title" tabIndex={-1}>
              Hidden jobs
            </h2>
            {list.data.jobs.length === 0 ? (
              <p className="muted">No hidden jobs. “Hide job” in a job's detail takes it out of your results.</p>
            ) : (
              <ul className="plain page__list" aria-label="Hidden jobs">
                {list.data.jobs.map((j) => (
                  <li key={j.jobId} className="page__row">
                    <span>
                      <strong>{j.title || j.jobId}</strong> <span className="muted">{j.companyName}</span>
                      <span className="muted">
                        {' '}
                        · {j.reason === 'reported_expired' ? 'reported expired' : 'hidden'} {formatDay(j.hiddenAt)}
                      </span>
                    </span>
                    <button
                      type="button"
                      className="button"
                      aria-label={`Show ${j.title || j.jobId} again`}
                      onClick={(e) => after(e, 'hidden-jobs-title', unhideJob(j.jobId))}
                    >
                      Show again
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="blocked-title">
            <h2 id="blocked-title" tabIndex={-1}>
              Blocked companies
            </h2>
            {list.data.companies.length === 0 ? (
              <p className="muted">No blocked companies.</p>
            ) : (
              <ul className="plain page__list" aria-label="Blocked companies">
                {list.data.companies.map((c) => (
                  <li key={c.companySlug} className="page__row">
                    <span>
                      <strong>{c.companyName || c.companySlug}</strong>{' '}
                      <span className="muted">blocked {formatDay(c.blockedAt)}</span>
                    </span>
                    <button
                      type="button"
                      className="button"
                      aria-label={`Unblock ${c.companyName || c.companySlug}`}
                      onClick={(e) => after(e, 'blocked-title', unblockCompany(c.companySlug))}
                    >
                      Unblock
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
