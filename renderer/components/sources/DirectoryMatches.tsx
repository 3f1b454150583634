import { useEffect, useState } from 'react';
import type { DirectoryBoard } from '#shared/gen/svc/directory/v1/directory_pb';
import { directoryClient } from '../../api/clients.js';
import { platformName, postingsText } from './platform-names.js';

/** A name, not a URL or `platform:token`: only then is the directory asked. */
const looksLikeName = (s: string) => s.trim().length >= 2 && !/[:/]/.test(s) && !/\.[a-z]{2,}$/i.test(s.trim());

/**
 * Boards of the shipped directory whose company matches what is typed, answered offline as the
 * person types ("Stripe — Greenhouse"), before any platform is probed. A board on a platform the
 * crawler does not read yet is listed without a Follow button.
 */
export function DirectoryMatches({
  input,
  busy,
  onFollow,
}: {
  input: string;
  busy: boolean;
  onFollow(boardInput: string): void;
}) {
  const [hits, setHits] = useState<{ query: string; boards: DirectoryBoard[] }>({ query: '', boards: [] });
  const query = looksLikeName(input) ? input.trim() : '';

  useEffect(() => {
    if (query === '') return;
    let current = true;
    directoryClient
      .search({ query, limit: 8 })
      .then((res) => {
        // A slower answer to an older query never replaces a newer one.
        if (current) setHits({ query, boards: res.boards });
      })
      .catch(() => {
        if (current) setHits({ query, boards: [] });
      });
    return () => {
      current = false;
    };
  }, [query]);

  if (query === '' || hits.query !== query || hits.boards.length === 0) return null;
  return (
    <div className="candidates">
      <h3>In the directory</h3>
      <ul className="plain page__list" aria-label="Directory matches">
        {hits.boards.map((b) => (
          <li key={`${b.platform}:${b.token}`} className="page__row">
            <span>
              <strong>{b.name || b.token}</strong> — {platformName(b.platform, b.region)}{' '}
              <span className="mono muted">{b.token}</span>
              {b.postingsLastRead !== undefined && (
                <span className="muted"> · {postingsText(b.postingsLastRead)} when last read</span>
              )}
            </span>
            {b.followed ? (
              <span className="muted">Following</span>
            ) : b.crawlable ? (
              <button
                type="button"
                className="button"
                disabled={busy}
                aria-label={`Follow ${b.name || b.token} on ${platformName(b.platform, b.region)}`}
                onClick={() => onFollow(b.input)}
              >
                Follow
              </button>
            ) : (
              <span className="muted">not crawled yet</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
