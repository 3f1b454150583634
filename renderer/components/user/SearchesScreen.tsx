import { useEffect, useState } from 'react';
import type { SavedSearch } from '#shared/gen/svc/searches/v1/searches_pb';
import { searchesClient } from '../../api/clients.js';
import { userErrorText } from '../../api/user-error.js';
import { useFocusWhenReady } from '../../hooks/use-focus-when-ready.js';
import { useRpc } from '../../hooks/use-rpc.js';
import { openSavedSearch } from '../../state/open-saved-search.js';
import { noteSearchNews } from '../../state/search-news.js';
import { useToast } from '../../state/toast-store.js';
import { formatDay } from '../saved/day.js';
import { ErrorState } from '../feedback.js';
import { AlertsPermissionNote } from './AlertsPermissionNote.js';
import { focusAfterRemoval } from './focus-after-removal.js';

/** "12 new" (or "100+ new" when the service stopped counting). */
export function newCount(s: SavedSearch): string {
  return `${s.newCount}${s.newCountCapped ? '+' : ''} new`;
}

/** The saved searches, each with how many jobs are new since it was last opened. */
export function SearchesScreen() {
  const [version, setVersion] = useState(0);
  const list = useRpc(String(version), (signal) => searchesClient.list({}, { signal }));
  useEffect(() => {
    if (list.status === 'ready') noteSearchNews(list.data.data);
  }, [list]);
  const setAlerts = async (s: SavedSearch, on: boolean) => {
    try {
      await searchesClient.setAlerts({ id: s.id, on });
      // The list comes again, and with it the count on the tab.
      setVersion((v) => v + 1);
    } catch (e) {
      useToast
        .getState()
        .show({ text: `Could not turn alerts ${on ? 'on' : 'off'} for “${s.name}”: ${userErrorText(e)}`, error: true });
    }
  };
  // The list comes again without the row; the focus moves on to the next row (or the heading).
  const focusLater = useFocusWhenReady(list, list.status === 'ready');
  const remove = async (s: SavedSearch, from: HTMLElement) => {
    const next = focusAfterRemoval(from, () => document.getElementById('searches-title'));
    try {
      await searchesClient.delete({ id: s.id });
      focusLater(next);
      setVersion((v) => v + 1);
      useToast.getState().show({
        text: `Deleted “${s.name}”`,
        undo: async () => {
          try {
            await searchesClient.create({ name: s.name, ...(s.query ? { query: s.query } : {}) });
          } catch (e) {
            useToast.getState().show({ text: `Could not bring back “${s.name}”: ${userErrorText(e)}`, error: true });
          }
          setVersion((v) => v + 1);
        },
      });
    } catch (e) {
      useToast.getState().show({ text: `Could not delete “${s.name}”: ${userErrorText(e)}`, error: true });
    }
  };
  return (
    <div className="screen page">
      <h1 id="searches-title" tabIndex={-1}>
        Saved searches
      </h1>
      <AlertsPermissionNote />
      {list.status === 'error' && <ErrorState error={list.error} onRetry={list.retry} />}
      {list.status === 'ready' &&
        (list.data.data.length === 0 ? (
          <p className="muted">
            No saved searches. On the Jobs screen, “Save search” keeps the words and filters under a name.
          </p>
        ) : (
          <ul className="plain page__list" aria-label="Saved searches">
            {list.data.data.map((s) => (
              <li key={s.id} className="page__row" aria-label={s.name}>
                <span>
                  <button type="button" className="linkish" onClick={() => void openSavedSearch(s)}>
                    {s.name}
                  </button>{' '}
                  <span className={`badge${s.newCount > 0 ? ' badge--new' : ''}`}>{newCount(s)}</span>{' '}
                  <span className="muted">saved {formatDay(s.createdAt)}</span>
                </span>
                <span className="page__actions">
                  <label className="check" title="Tell me when new jobs match it">
                    <input
                      type="checkbox"
                      checked={s.alerts}
                      aria-label={`Alerts for ${s.name}`}
                      onChange={(e) => void setAlerts(s, e.target.checked)}
                    />{' '}
                    Alerts
                  </label>
                  <button
                    type="button"
                    className="button"
                    aria-label={`Delete ${s.name}`}
                    onClick={(e) => void remove(s, e.currentTarget)}
                  >
                    Delete
                  </button>
                </span>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}
