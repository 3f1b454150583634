import { useState } from 'react';
import { useDraft } from '../../hooks/use-draft.js';
import type { BoardCandidate } from '#shared/gen/svc/sources/v1/sources_pb';
import { sourcesClient } from '../../api/clients.js';
import { userErrorText } from '../../api/user-error.js';
import { FOLLOW_HINT, platformName, postingsText } from './platform-names.js';
import { DirectoryMatches } from './DirectoryMatches.js';

/**
 * Paste a careers page URL (or `platform:token`), or type a company name to look it up on each
 * platform. What the person typed stays in the field when something goes wrong.
 */
export function FollowForm({ onFollowed }: { onFollowed(): void }) {
  // Kept as a draft until followed: looking at another screen first loses nothing.
  const [input, setInput] = useDraft('sources.follow', '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [found, setFound] = useState<{ name: string; candidates: BoardCandidate[] } | undefined>();

  const follow = async (text: string, fromCandidate = false) => {
    setBusy(true);
    setError(undefined);
    try {
      const res = await sourcesClient.follow({ input: text });
      if (res.board) {
        if (!fromCandidate) setInput('');
        setFound(undefined);
        onFollowed();
      } else {
        setFound({ name: text, candidates: res.candidates });
      }
    } catch (e) {
      setError(userErrorText(e).replace(/^input: /, ''));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="follow-title">
      <h2 id="follow-title">Follow an employer</h2>
      <form
        className="follow-form"
        onSubmit={(e) => {
          e.preventDefault();
          void follow(input.trim());
        }}
      >
        <div className="field follow-form__field">
          <label htmlFor="follow-input">Careers page URL or company name</label>
          <input
            id="follow-input"
            type="text"
            value={input}
            autoComplete="off"
            spellCheck={false}
            placeholder="https://jobs.lever.co/acme, greenhouse:acme or Acme"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'follow-error' : 'follow-hint'}
            onChange={(e) => setInput(e.target.value)}
          />
        </div>
        <button type="submit" className="button button--primary" disabled={busy || input.trim() === ''}>
          {busy ? 'Looking…' : 'Follow'}
        </button>
      </form>
      {error ? (
        <p id="follow-error" className="form-error" role="alert">
          {error}
        </p>
      ) : (
        <p id="follow-hint" className="muted">
          {FOLLOW_HINT}
        </p>
      )}
      {!found && <DirectoryMatches input={input} busy={busy} onFollow={(b) => void follow(b, true)} />}
      {found && (
        <div className="candidates">
          <h3>Boards found for “{found.name}”</h3>
          <ul className="plain page__list" aria-label="Boards found">
            {found.candidates.map((c) => (
              <li key={c.input} className="page__row">
                <span>
                  <strong>{platformName(c.platform, c.region)}</strong> <span className="mono">{c.token}</span>{' '}
                  <span className="muted">· {postingsText(c.postings)}</span>
                </span>
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  aria-label={`Follow ${c.token} on ${platformName(c.platform, c.region)}`}
                  onClick={() => void follow(c.input, true)}
                >
                  Follow
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
