import { useState } from 'react';
import type { OutboxReport } from '#shared/gen/svc/reports/v1/reports_pb';
import { reportsClient } from '../../api/clients.js';

/** The states in which a report still waits to be sent (docs/decisions/report-outbox.md). */
export const WAITING = new Set(['queued', 'needs_sign_in', 'blocked']);

const reports = (n: number) => `${n} report${n === 1 ? '' : 's'}`;

/**
 * Tries every waiting report now and says what came of it: how many went, or why the first one
 * still waits (its own words: sign in, verify the e-mail, the service unreachable).
 */
export function RetryNow({
  waiting,
  onDone,
  onError,
}: {
  waiting: OutboxReport[];
  onDone(): Promise<void>;
  onError(e: unknown): void;
}) {
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState('');
  return (
    <div className="retry-now">
      <p role="status" className="muted">
        {outcome}
      </p>
      <button
        type="button"
        className="button"
        disabled={pending || waiting.length === 0}
        title={waiting.length === 0 ? 'No report waits to be sent' : undefined}
        onClick={() => {
          setPending(true);
          setOutcome('');
          reportsClient
            .retryNow({})
            .then(async ({ sent }) => {
              await onDone();
              const left = (await reportsClient.list({})).data.filter((r) => WAITING.has(r.state));
              // The oldest waiting report holds the others back: its reason is the one to act on.
              const why = left.at(-1)?.lastError;
              if (left.length === 0) setOutcome(`Sent ${reports(sent)}.`);
              else
                setOutcome(
                  `${sent ? `Sent ${reports(sent)}; ` : 'Nothing sent: '}${reports(left.length)} still wait${left.length === 1 ? 's' : ''}${why ? ` (${why})` : ''}.`,
                );
            }, onError)
            .finally(() => setPending(false));
        }}
      >
        Retry now
      </button>
    </div>
  );
}
