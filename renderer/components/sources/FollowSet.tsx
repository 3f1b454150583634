import { useEffect, useState } from 'react';
import type { EstimateResponse, StarterSet } from '#shared/gen/svc/directory/v1/directory_pb';
import { directoryClient } from '../../api/clients.js';
import { userErrorText } from '../../api/user-error.js';
import { PLATFORMS } from '#shared/rules/board-ref';
import { platformName, postingsText } from './platform-names.js';
import { bytesText, durationText } from './set-words.js';
import { setLimit } from './set-limit.js';

interface Choice {
  query: string;
  platform: string;
  starter: string;
  /** As typed: checked when the estimate is asked for. */
  limit: string;
}

/**
 * Follow many directory boards at once: every match of a search, a platform's boards, or a
 * starter set. The estimate (boards, postings, disk, time, and the figures behind each) shows
 * before anything is followed; the first crawl then runs in the background, with its progress,
 * Stop and Resume above the followed boards.
 */
export function FollowSet({ onFollowed }: { onFollowed(): void }) {
  const [choice, setChoice] = useState<Choice>({ query: '', platform: '', starter: '', limit: '5000' });
  const [limitError, setLimitError] = useState<string | undefined>();
  const [starters, setStarters] = useState<StarterSet[]>([]);
  const [estimate, setEstimate] = useState<{ for: Choice; e: EstimateResponse } | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<string | undefined>();

  useEffect(() => {
    directoryClient
      .starters({})
      .then((r) => setStarters(r.sets))
      .catch(() => setStarters([]));
  }, []);

  const set = () => ({
    query: choice.query.trim(),
    platform: choice.platform,
    starter: choice.starter,
    limit: 'limit' in setLimit(choice.limit) ? (setLimit(choice.limit) as { limit: number }).limit : 0,
  });
  const run = async (what: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await what();
    } catch (e) {
      setError(userErrorText(e));
    } finally {
      setBusy(false);
    }
  };
  const current = estimate && JSON.stringify(estimate.for) === JSON.stringify(choice) ? estimate.e : undefined;

  return (
    <section aria-labelledby="set-title" className="follow-set">
      <h2 id="set-title">Follow a set of boards</h2>
      <p className="muted">
        Every board the directory lists for a search, a platform or a starter set. You see what it takes before anything
        is followed.
      </p>
      <form
        className="follow-set__form"
        onSubmit={(e) => {
          e.preventDefault();
          setDone(undefined);
          const checked = setLimit(choice.limit);
          setLimitError('error' in checked ? checked.error : undefined);
          if ('error' in checked) return;
          const asked = { ...choice };
          void run(async () => setEstimate({ for: asked, e: await directoryClient.estimate({ set: set() }) }));
        }}
      >
        <div className="field">
          <label htmlFor="set-query">Company name words</label>
          <input
            id="set-query"
            type="text"
            value={choice.query}
            autoComplete="off"
            onChange={(e) => setChoice({ ...choice, query: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="set-platform">Platform</label>
          <select
            id="set-platform"
            value={choice.platform}
            onChange={(e) => setChoice({ ...choice, platform: e.target.value })}
          >
            <option value="">Every platform</option>
            {PLATFORMS.map((p) => (
              <option key={p} value={p}>
                {platformName(p)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="set-starter">Starter set</label>
          <select
            id="set-starter"
            value={choice.starter}
            onChange={(e) => setChoice({ ...choice, starter: e.target.value })}
          >
            <option value="">None</option>
            {starters.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title} ({s.boards.toLocaleString('en')} boards)
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="set-limit">At most</label>
          <input
            id="set-limit"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={choice.limit}
            aria-invalid={limitError ? true : undefined}
            aria-describedby={limitError ? 'set-limit-error' : undefined}
            onChange={(e) => setChoice({ ...choice, limit: e.target.value })}
          />
        </div>
        <button type="submit" className="button" disabled={busy}>
          Estimate
        </button>
      </form>
      {limitError && (
        <p className="form-error" role="alert" id="set-limit-error">
          {limitError}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {done && <p role="status">{done}</p>}
      {current && (
        <div className="follow-set__estimate" aria-label="Estimate">
          <p>
            <strong>{current.boards.toLocaleString('en')} boards</strong> to follow ·{' '}
            {postingsText(Number(current.postings))} expected · about {bytesText(Number(current.diskBytes))} of disk · a
            first crawl of about {durationText(Number(current.seconds))}
          </p>
          {(current.alreadyFollowed > 0 || current.notCrawled > 0) && (
            <p className="muted">
              {current.alreadyFollowed > 0 && `${current.alreadyFollowed.toLocaleString('en')} already followed. `}
              {current.notCrawled > 0 &&
                `${current.notCrawled.toLocaleString('en')} on platforms the app does not crawl yet are left out.`}
            </p>
          )}
          <details>
            <summary>How this is estimated</summary>
            <ul>
              {current.basis.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          </details>
          <button
            type="button"
            className="button button--primary"
            disabled={busy || current.boards === 0}
            onClick={() =>
              void run(async () => {
                const r = await directoryClient.followSet({ set: set() });
                setEstimate(undefined);
                setDone(`Following ${r.followed.toLocaleString('en')} more boards; their first crawl runs below.`);
                onFollowed();
              })
            }
          >
            Follow {current.boards.toLocaleString('en')} boards
          </button>
        </div>
      )}
    </section>
  );
}
