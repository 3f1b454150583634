import { useMemo } from 'react';
import { parseQuery, understood } from '#shared/text/query-syntax';

/** Whether the query used any of the language's operators or terms written with symbols. */
function usesSyntax(q: ReturnType<typeof parseQuery>): boolean {
  return (
    q.not.length > 0 || q.must.some((c) => c.length > 1 || c.some((t) => t.kind !== 'word' || t.field || !t.prefix))
  );
}

/**
 * What the search box's text was read as, and what of it was left out and why, so that a query
 * never silently means something else (docs/decisions/query-language.md).
 */
export function QueryNote({ text }: { text: string }) {
  const q = useMemo(() => parseQuery(text), [text]);
  if (!q.ignored.length && !usesSyntax(q)) return null;
  const read = understood(q);
  return (
    <div className="query-note" role="status" aria-label="How the search was read">
      {read ? (
        <p>
          Searching for <code>{read}</code>
        </p>
      ) : (
        <p>Nothing in the search box can be searched for, so every job is listed.</p>
      )}
      {q.ignored.length > 0 && (
        <ul>
          {q.ignored.map((i, k) => (
            <li key={k}>
              Left out <code>{i.text}</code>: {i.reason}.
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
