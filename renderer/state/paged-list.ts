import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError, isAbort, type UiError } from '../api/ui-error.js';

export interface Page<T> {
  items: T[];
  nextCursor?: string;
  hasMore: boolean;
}

export type FetchPage<T> = (cursor: string | undefined, signal: AbortSignal) => Promise<Page<T>>;

export interface PagedListState<T> {
  /** Identifies the query the items answer (its URL form); a new key starts from page one. */
  key: string | undefined;
  items: T[];
  nextCursor: string | undefined;
  hasMore: boolean;
  /** First page in flight (skeletons), or a next page in flight (a row at the end). */
  status: 'idle' | 'loading' | 'ready' | 'error';
  loadingMore: boolean;
  error: UiError | undefined;
  /** A failed next page (the loaded pages stay). */
  moreError: UiError | undefined;
  /** Runs `fetch` for `key` from page one, dropping whatever an older key still has in flight. */
  run(key: string, fetch: FetchPage<T>): void;
  loadMore(): void;
  retry(): void;
}

/**
 * A cursor-paged list: pages are appended in order, and an answer that arrives after a newer
 * query started is dropped (its request is aborted too), so results never flash back to an
 * older search while someone types.
 */
export function createPagedList<T>(): StoreApi<PagedListState<T>> {
  let seq = 0;
  let controller: AbortController | undefined;
  let fetcher: FetchPage<T> | undefined;

  return createStore<PagedListState<T>>((set, get) => {
    async function fetchInto(cursor: string | undefined, first: boolean) {
      controller?.abort();
      const mine = new AbortController();
      controller = mine;
      const my = ++seq;
      set(
        first
          ? { status: 'loading', error: undefined, moreError: undefined, loadingMore: false }
          : { loadingMore: true, moreError: undefined },
      );
      try {
        const page = await fetcher!(cursor, mine.signal);
        if (my !== seq) return;
        set((s) => ({
          items: first ? page.items : [...s.items, ...page.items],
          nextCursor: page.nextCursor,
          hasMore: page.hasMore && page.nextCursor !== undefined,
          status: 'ready',
          loadingMore: false,
        }));
      } catch (e) {
        if (my !== seq || isAbort(e)) return;
        if (first) set({ status: 'error', error: describeError(e), items: [], hasMore: false, nextCursor: undefined });
        else set({ loadingMore: false, moreError: describeError(e) });
      }
    }

    return {
      key: undefined,
      items: [],
      nextCursor: undefined,
      hasMore: false,
      status: 'idle',
      loadingMore: false,
      error: undefined,
      moreError: undefined,
      run(key, fetch) {
        if (key === get().key && get().status !== 'error') return;
        fetcher = fetch;
        set({ key });
        void fetchInto(undefined, true);
      },
      loadMore() {
        const s = get();
        if (s.status !== 'ready' || s.loadingMore || !s.hasMore || s.moreError) return;
        void fetchInto(s.nextCursor, false);
      },
      retry() {
        const s = get();
        if (!fetcher) return;
        if (s.status === 'error') void fetchInto(undefined, true);
        else if (s.moreError) {
          set({ moreError: undefined });
          void fetchInto(s.nextCursor, false);
        }
      },
    };
  });
}
