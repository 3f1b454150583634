import { timestampMs } from '@bufbuild/protobuf/wkt';
import type { SavedSearch } from '#shared/gen/svc/searches/v1/searches_pb';
import { searchesClient } from '../api/clients.js';
import { userErrorText } from '../api/user-error.js';
import { marksKey, useNewMarks } from './new-marks.js';
import { useRoute } from './route-store.js';
import { refreshSearchNews } from './search-news.js';
import { searchFromQuery } from './search-from-query.js';
import { toParams } from './search-state.js';
import { useToast } from './toast-store.js';

/**
 * Opens a saved search on the Jobs screen with the jobs that were new marked "New" for this
 * visit (docs/decisions/ui-user-data.md); from the Searches screen and from a search alert.
 */
export async function openSavedSearch(s: SavedSearch): Promise<void> {
  try {
    // Opening resets the baseline: what it shows now is no longer new.
    const r = await searchesClient.open({ id: s.id });
    const search = searchFromQuery(r.search?.query ?? s.query);
    // The jobs that were new are marked for this visit (the baseline before it moved).
    useNewMarks.setState({
      key: marksKey(toParams(search)),
      sinceMs: s.baseline && s.newCount > 0 ? timestampMs(s.baseline) : undefined,
    });
    useRoute.getState().go({ view: 'jobs', search });
    void refreshSearchNews();
  } catch (e) {
    useToast.getState().show({ text: `Could not open “${s.name}”: ${userErrorText(e)}`, error: true });
  }
}

/** A search alert was clicked: opens that search, or says it is gone. */
export async function openSavedSearchById(id: string): Promise<void> {
  try {
    const s = (await searchesClient.list({})).data.find((x) => x.id === id);
    if (s) return await openSavedSearch(s);
    useToast.getState().show({ text: 'That saved search was deleted.', error: true });
  } catch (e) {
    useToast.getState().show({ text: `Could not open the saved search: ${userErrorText(e)}`, error: true });
  }
}
