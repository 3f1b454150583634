import { create } from 'zustand';
import type { SavedSearch } from '#shared/gen/svc/searches/v1/searches_pb';
import { searchesClient } from '../api/clients.js';

/**
 * The count on the Searches tab (docs/decisions/search-alerts.md): new jobs over the saved
 * searches whose alerts are on, as each search's own count says them.
 */
interface SearchNews {
  count: number;
  /** Some search counted only up to the service's cap. */
  capped: boolean;
}

/** How often the count is asked again while the app is open. */
export const SEARCH_NEWS_POLL_MS = 60_000;

export const useSearchNews = create<SearchNews>(() => ({ count: 0, capped: false }));

/** Takes the counts from a list of the saved searches (the Searches screen's, or a fresh one). */
export function noteSearchNews(searches: readonly SavedSearch[]): void {
  const on = searches.filter((s) => s.alerts);
  useSearchNews.setState({ count: on.reduce((n, s) => n + s.newCount, 0), capped: on.some((s) => s.newCountCapped) });
}

/** Asks the service again; a failure leaves the count as it was (the tab is not where errors show). */
export async function refreshSearchNews(): Promise<void> {
  try {
    noteSearchNews((await searchesClient.list({})).data);
  } catch {
    // The screens that list searches say what went wrong.
  }
}
