import { useEffect, useRef } from 'react';
import type { UiError } from '../api/ui-error.js';
import { useConnection } from '../state/connection-store.js';

/**
 * What went wrong, in words, and the way out. An error of an unreachable service asks again by
 * itself when the service answers again (issue 31 item 7); Retry stays for the impatient.
 */
export function ErrorState({ error, onRetry }: { error: UiError; onRetry?: () => void }) {
  const recoveries = useConnection((s) => s.recoveries);
  const seen = useRef(recoveries);
  useEffect(() => {
    if (recoveries === seen.current) return;
    seen.current = recoveries;
    if (error.unreachable && onRetry) onRetry();
  }, [recoveries, error, onRetry]);
  return (
    <div className="state state--error" role="alert">
      <h2>{error.title}</h2>
      <p>{error.detail}</p>
      {onRetry && error.retryable && (
        <button type="button" className="button" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}

export function EmptyState({
  title,
  hint,
  action,
}: {
  title: string;
  hint: string;
  action?: { label: string; run(): void };
}) {
  return (
    <div className="state" role="status">
      <h2>{title}</h2>
      <p className="muted">{hint}</p>
      {action && (
        <button type="button" className="button" onClick={action.run}>
          {action.label}
        </button>
      )}
    </div>
  );
}

/** Grey rows in the shape of what is loading. */
export function ListSkeleton({ rows = 8, label }: { rows?: number; label: string }) {
  return (
    <div className="skeleton-list" role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton-row">
          <div className="skeleton skeleton--title" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--short" />
        </div>
      ))}
    </div>
  );
}

export function DetailSkeleton() {
  return (
    <div className="detail" role="status" aria-label="Loading job" aria-busy="true">
      <div className="skeleton skeleton--heading" />
      <div className="skeleton skeleton--line" />
      <div className="skeleton skeleton--line" />
      <div className="skeleton skeleton--block" />
    </div>
  );
}
