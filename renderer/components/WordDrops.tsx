import { useEffect, useState } from 'react';
import { jobsClient } from '../api/clients.js';
import { jobQuery } from '../api/job-requests.js';
import type { SearchState } from '../state/search-state.js';

/** The words of a query as typed: "quoted phrases" stay whole, operators stay with their word. */
export function queryWords(q: string): string[] {
  return q.match(/-?(?:\w+:)?"[^"]*"?|\S+/gu) ?? [];
}

const without = (words: string[], drop: (i: number) => boolean) => words.filter((_, i) => !drop(i)).join(' ');

/**
 * When a query of several words finds nothing: every word must match, said plainly, and one
 * click per word searches without it; the words that find jobs on their own (with the same
 * filters) are offered together (docs/decisions/every-word.md). Nothing is dropped unasked.
 */
export function WordDrops({
  search,
  found,
  onSearch,
}: {
  search: SearchState;
  found: number | undefined;
  onSearch(q: string): void;
}) {
  const words = queryWords(search.q.trim());
  // "a OR b" is not every word: left to spelling help.
  const ask = found === 0 && words.length >= 2 && !words.includes('OR');
  const key = JSON.stringify(jobQuery(search));
  const [alone, setAlone] = useState<{ key: string; finds: boolean[] }>();
  useEffect(() => {
    if (!ask) return;
    const ctl = new AbortController();
    const query = JSON.parse(key) as ReturnType<typeof jobQuery>;
    Promise.all(
      queryWords(query.query ?? '').map((w) =>
        jobsClient
          .list({ query: { ...query, query: w, limit: 1 } }, { signal: ctl.signal })
          .then((r) => r.data.length > 0),
      ),
    )
      .then((finds) => setAlone({ key, finds }))
      .catch(() => {}); // a bonus, as spelling help is: a failure leaves the buttons alone
    return () => ctl.abort();
  }, [ask, key]);
  if (!ask) return null;
  const finds = alone?.key === key ? alone.finds : undefined;
  const matching = finds ? words.filter((_, i) => finds[i]) : [];
  return (
    <nav className="word-drops" aria-label="Words to drop">
      <p>
        Every word must match, and no job has all {words.length} words
        {finds && matching.length < words.length
          ? `; ${words
              .filter((_, i) => !finds[i])
              .map((w) => `“${w}”`)
              .join(', ')} ${words.length - matching.length === 1 ? 'finds' : 'find'} nothing on its own.`
          : '.'}
      </p>
      {finds && matching.length > 0 && matching.length < words.length && (
        <p>
          <button type="button" className="link" onClick={() => onSearch(matching.join(' '))}>
            Search for {matching.join(' ')}
          </button>
        </p>
      )}
      <p className="word-drops__list">
        Drop a word:{' '}
        {words.map((w, i) => (
          <button
            key={`${i}-${w}`}
            type="button"
            className="link word-drops__drop"
            onClick={() => onSearch(without(words, (j) => j === i))}
          >
            without “{w}”
          </button>
        ))}
      </p>
    </nav>
  );
}
