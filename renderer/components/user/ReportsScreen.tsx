import { useCallback, useEffect, useState } from 'react';
import type { GetAccountResponse, OutboxReport } from '#shared/gen/svc/reports/v1/reports_pb';
import { jobsClient, reportsClient } from '../../api/clients.js';
import { describeError, type UiError } from '../../api/ui-error.js';
import { useDraft } from '../../hooks/use-draft.js';
import { useRpc } from '../../hooks/use-rpc.js';
import { dropDraft } from '../../state/drafts.js';
import { formatDay } from '../saved/day.js';
import { ErrorState } from '../feedback.js';
import { TimeAgo } from '../time-ago.js';
import { OUTBOX_STATE_WORDS, REPORT_TYPE_WORDS } from './report-words.js';
import { ForgotPassword } from './ForgotPassword.js';
import { RetryNow, WAITING } from './RetryNow.js';
import { SettingsLink } from '../settings/SettingsLink.js';
import { signInErrorText } from './sign-in-error.js';

/** The outbox is sent in the background: look again this often while the screen is open. */
const POLL_MS = 2000;

/** The reports made from this app, each with its delivery state, and the upstream sign-in. */
export function ReportsScreen() {
  const [reports, setReports] = useState<OutboxReport[] | undefined>();
  const [account, setAccount] = useState<GetAccountResponse | undefined>();
  const [error, setError] = useState<UiError | undefined>();
  const load = useCallback(
    () =>
      Promise.all([reportsClient.list({}), reportsClient.getAccount({})]).then(
        ([r, a]) => {
          setReports(r.data);
          setAccount(a);
          setError(undefined);
        },
        (e: unknown) => setError(describeError(e)),
      ),
    [],
  );
  useEffect(() => {
    void load();
    const t = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(t);
  }, [load]);

  return (
    <div className="screen page">
      <h1>Reports</h1>
      <Account account={account} onChange={load} />
      {error && <ErrorState error={error} onRetry={() => void load()} />}
      <section aria-labelledby="outbox-title">
        <div className="page__row">
          <h2 id="outbox-title">Outbox</h2>
          <RetryNow
            waiting={reports?.filter((r) => WAITING.has(r.state)) ?? []}
            onDone={load}
            onError={(e) => setError(describeError(e))}
          />
        </div>
        {reports && reports.length === 0 && (
          <p className="muted">No reports yet. Use “Report” on a job to tell the job index about a problem.</p>
        )}
        {reports && reports.length > 0 && (
          <table className="saved-table" aria-label="Outbox">
            <thead>
              <tr>
                <th scope="col">Made</th>
                <th scope="col">Problem</th>
                <th scope="col">Job</th>
                <th scope="col">State</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {reports.map((r) => (
                <tr key={r.id} data-state={r.state}>
                  <td>{formatDay(r.createdAt)}</td>
                  <td>
                    {REPORT_TYPE_WORDS[r.type as keyof typeof REPORT_TYPE_WORDS] ?? r.type}
                    {r.message && <div className="muted">{r.message}</div>}
                  </td>
                  <td>
                    <ReportedJob jobId={r.jobId} />
                  </td>
                  <td>
                    <span className={`state-pill state-pill--${r.state}`}>
                      {OUTBOX_STATE_WORDS[r.state] ?? r.state}
                    </span>
                  </td>
                  <td>
                    {r.lastError && <div>{r.lastError}</div>}
                    {/* Each part a line of its own: inline, they ran together ("…Settingsnext try now"). */}
                    {r.state === 'queued' && account && !account.upstream && (
                      <div>
                        <SettingsLink text="Set the job index service in Settings" />
                      </div>
                    )}
                    {r.state === 'queued' && r.nextAttemptAt && (
                      <div>
                        <TimeAgo at={r.nextAttemptAt} prefix="next try" />
                      </div>
                    )}
                    {r.state === 'sent' && (
                      <div>
                        <TimeAgo at={r.sentAt} prefix="sent" />
                      </div>
                    )}
                    {r.attempts > 0 && (
                      <div className="muted">
                        {r.attempts} attempt{r.attempts === 1 ? '' : 's'}
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

/** Who reports go out as: signed in to the upstream, or a form to sign in. */
function Account({ account, onChange }: { account: GetAccountResponse | undefined; onChange(): Promise<void> }) {
  // The address (never the password) is kept while the person looks elsewhere; a sign-in clears it.
  const [email, setEmail] = useDraft('reports.signin.email', '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  if (!account) return null;
  if (!account.upstream) {
    return (
      <p className="muted">
        No job index service is set to receive reports, so they wait in the outbox.{' '}
        <SettingsLink text="Set one in Settings" />
      </p>
    );
  }
  if (account.signedIn) {
    return (
      <>
        <p className="page__row">
          <span>
            Reports go to {account.upstream} as <strong>{account.email}</strong>.
          </span>
          <button type="button" className="button" onClick={() => void reportsClient.signOut({}).then(onChange)}>
            Sign out
          </button>
        </p>
        {account.verified === false && (
          // The upstream answers 403 to an unverified account's reports: say so before they fail.
          <p className="form-error" role="note" aria-label="E-mail not verified">
            When you signed in, {account.email} was not verified, and the job index service refuses reports until it is.
            Verify your e-mail address with the service, then choose “Retry now”.
          </p>
        )}
      </>
    );
  }
  return (
    <form
      className="signin"
      aria-label="Sign in to send reports"
      onSubmit={(e) => {
        e.preventDefault();
        // A new attempt clears the last answer, so the one shown is always this attempt's.
        setError('');
        setPending(true);
        reportsClient
          .signIn({ email, password })
          .then(
            () => {
              setPassword('');
              dropDraft('reports.signin.email');
              return onChange();
            },
            (err: unknown) => setError(signInErrorText(err)),
          )
          .finally(() => setPending(false));
      }}
    >
      <p>Sign in to {account.upstream} to send your reports.</p>
      <label className="field">
        <span>E-mail</span>
        <input type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label className="field">
        <span>Password</span>
        <input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="signin__buttons">
        <button type="submit" className="button button--primary" disabled={pending}>
          Sign in
        </button>
        <ForgotPassword email={email} />
      </div>
    </form>
  );
}

/** The reported job by its title (a posting gone from the index shows its id). */
function ReportedJob({ jobId }: { jobId: string }) {
  const job = useRpc(jobId, (signal) => jobsClient.get({ id: jobId }, { signal }));
  const title =
    job.status === 'ready'
      ? `${job.data.title}${job.data.company?.name ? ` at ${job.data.company.name}` : ''}`
      : undefined;
  return (
    <a className={title ? undefined : 'mono'} href={`#/jobs?job=${encodeURIComponent(jobId)}`} title={jobId}>
      {title ?? jobId.slice(0, 8)}
    </a>
  );
}
