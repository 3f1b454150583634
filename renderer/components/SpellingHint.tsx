import { useEffect, useState } from 'react';
import type { Suggestion } from '#shared/gen/svc/spelling/v1/spelling_pb';
import { spellingClient } from '../api/clients.js';
import { counted } from './plural.js';

/** Below this many results a query may hold a misspelling worth a suggestion. */
const FEW = 10;

/**
 * "Did you mean": when a search finds nothing or almost nothing, the service's corrected queries
 * (SpellingService, docs/decisions/spelling.md); one click searches the suggestion.
 */
export function SpellingHint({
  query,
  found,
  onSearch,
}: {
  query: string;
  found: number | undefined;
  onSearch(q: string): void;
}) {
  const [shown, setShown] = useState<{ query: string; suggestions: Suggestion[] }>();
  const ask = query.trim() !== '' && found !== undefined && found < FEW;
  useEffect(() => {
    if (!ask) return;
    const ctl = new AbortController();
    spellingClient
      .suggest({ query }, { signal: ctl.signal })
      .then((r) => setShown({ query, suggestions: r.suggestions }))
      .catch(() => {}); // spelling help is a bonus: a failure shows nothing
    return () => ctl.abort();
  }, [ask, query]);
  if (!ask || shown?.query !== query || shown.suggestions.length === 0) return null;
  return (
    <nav className="spelling" aria-label="Spelling suggestions">
      Did you mean{' '}
      {shown.suggestions.map((s, i) => (
        <span key={s.query}>
          {i > 0 && ', '}
          <button type="button" className="link" onClick={() => onSearch(s.query)}>
            {s.query}
          </button>
          <span className="muted">
            {' '}
            ({s.replacements.map((r) => `${r.suggestion}: ${counted(r.jobs, 'job', 'jobs')}`).join(', ')})
          </span>
        </span>
      ))}
      ?
    </nav>
  );
}
