import { ConnectError } from '@connectrpc/connect';
import { useState } from 'react';
import { useDraft } from '../../hooks/use-draft.js';
import { dropDraft } from '../../state/drafts.js';
import type { Settings } from '#shared/gen/svc/settings/v1/settings_pb';
import { settingsClient } from '../../api/clients.js';
import { userErrorText } from '../../api/user-error.js';
import { useMeta } from '../../state/meta-store.js';
import { TimeAgo } from '../time-ago.js';

type Field = 'url' | 'everyMinutes';

const URL_DRAFT = 'settings.upstream.url';
const MINUTES_DRAFT = 'settings.upstream.minutes';

/** A refusal naming one of this form's fields (`url: …`), in words for the person, or undefined. */
function fieldError(e: unknown): { field: Field; text: string } | undefined {
  const m = /^(url|everyMinutes): /.exec(ConnectError.from(e).rawMessage);
  if (!m) return undefined;
  const field = m[1] as Field;
  return field === 'url'
    ? { field, text: 'Enter the web address of a job index service, starting with https:// (or http://).' }
    : { field, text: 'Sync at most every 5 minutes: enter 5 or more.' };
}

/** The job index service to sync from (and send reports to), and how often. */
export function UpstreamForm({ settings, onSaved }: { settings: Settings; onSaved(s: Settings | undefined): void }) {
  // Typed and not saved yet: kept when the person looks at another screen, or the save fails.
  const [url, setUrl] = useDraft(URL_DRAFT, settings.upstreamUrl ?? '');
  const [minutes, setMinutes] = useDraft(MINUTES_DRAFT, String(settings.everyMinutes));
  const [error, setError] = useState<{ field?: Field; text: string } | undefined>();
  const [saved, setSaved] = useState('');
  const lastSyncAt = useMeta((s) => s.info?.lastSyncAt);

  const save = (nextUrl: string) => {
    setError(undefined);
    setSaved('');
    const n = Number(minutes);
    settingsClient
      .setUpstream({
        url: nextUrl,
        ...(minutes.trim() !== '' && Number.isFinite(n) ? { everyMinutes: Math.trunc(n) } : { everyMinutes: -1 }),
      })
      .then(
        (r) => {
          onSaved(r.settings);
          setUrl(r.settings?.upstreamUrl ?? '');
          if (r.settings) setMinutes(String(r.settings.everyMinutes));
          dropDraft(URL_DRAFT);
          dropDraft(MINUTES_DRAFT);
          setSaved(
            r.settings?.upstreamUrl
              ? `Saved. The index syncs from ${r.settings.upstreamUrl} every ${r.settings.everyMinutes} minutes.`
              : 'Saved. Sync is off.',
          );
        },
        (e: unknown) => setError(fieldError(e) ?? { text: userErrorText(e) }),
      );
  };
  const invalid = (f: Field) =>
    error?.field === f ? { 'aria-invalid': true, 'aria-describedby': 'upstream-error' } : {};

  return (
    <section aria-labelledby="upstream-title">
      <h2 id="upstream-title">Job index service</h2>
      <p className="muted">
        The service this app keeps its index up to date from, and where your reports about jobs are sent. Leave it empty
        to keep the index as it is.
      </p>
      {settings.upstreamProblem && (
        <p className="form-error" role="note">
          The stored setting cannot be used ({settings.upstreamProblem}). Enter the address again and save.
        </p>
      )}
      <form
        className="settings__form"
        aria-label="Job index service"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save(url);
        }}
      >
        <label className="field settings__url">
          <span>Address</span>
          <input
            type="url"
            inputMode="url"
            placeholder="https://jobs.example.org"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            {...invalid('url')}
          />
        </label>
        <label className="field settings__minutes">
          <span>Sync every (minutes)</span>
          <input
            type="number"
            min={5}
            step={5}
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
            {...invalid('everyMinutes')}
          />
        </label>
        <div className="settings__buttons">
          <button type="submit" className="button button--primary">
            Save
          </button>
          {settings.upstreamUrl && (
            <button type="button" className="button" onClick={() => save('')}>
              Turn sync off
            </button>
          )}
        </div>
      </form>
      {error && (
        <p className="form-error" role="alert" id="upstream-error">
          {error.text}
        </p>
      )}
      <p role="status" className="muted">
        {saved}
      </p>
      <p className="muted">
        {settings.backgroundSync ? (
          settings.upstreamUrl ? (
            <>
              The app syncs in the background while it is open.{' '}
              {lastSyncAt ? <TimeAgo at={lastSyncAt} prefix="Last synced" /> : 'Not synced yet.'}
            </>
          ) : (
            'With no service set, the app does not sync and reports wait in the outbox.'
          )
        ) : (
          <>
            This browser page does not sync by itself: the desktop app syncs on this schedule, or run{' '}
            <code>jobindex sync --upstream &lt;address&gt;</code> in a terminal.
          </>
        )}
      </p>
    </section>
  );
}
