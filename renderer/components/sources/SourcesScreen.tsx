import { useEffect, useMemo, useRef, useState } from 'react';
import type { Board } from '#shared/gen/svc/sources/v1/sources_pb';
import { sourcesClient } from '../../api/clients.js';
import { userErrorText } from '../../api/user-error.js';
import { useRpc } from '../../hooks/use-rpc.js';
import { useMeta } from '../../state/meta-store.js';
import { refreshResults } from '../../state/refresh-results.js';
import { useToast } from '../../state/toast-store.js';
import { ErrorState } from '../feedback.js';
import { BoardRow } from './BoardRow.js';
import { COUNTS_EVERY_MS, CRAWL_POLL_MS, throttled } from './crawl-refresh.js';
import { CrawlProgress } from './CrawlProgress.js';
import { FollowForm } from './FollowForm.js';
import { FollowSet } from './FollowSet.js';
import { platformName } from './platform-names.js';

/** A follow or a crawl changed the index: the header counts, the filters and the job list follow. */
function indexChanged(): void {
  void useMeta.getState().load();
  refreshResults();
}

/**
 * Unfollows, with Undo in the toast (as Unsave): Undo follows the board again as it was typed, in
 * its place in the list, and a crawl brings its jobs back.
 */
async function unfollowWithUndo(b: Board, changed: () => void): Promise<void> {
  const { removed } = await sourcesClient.unfollow({ key: b.key });
  if (!removed) return;
  const name = `${b.token} on ${platformName(b.platform, b.region)}`;
  useToast.getState().show({
    text: `Unfollowed ${name}; its jobs leave search.`,
    undo: async () => {
      try {
        await sourcesClient.follow({ input: b.input });
      } catch (e) {
        useToast.getState().show({ text: `Could not follow ${name} again: ${userErrorText(e)}`, error: true });
      }
      changed();
    },
  });
}

/** The employers' job boards the person follows, crawled into the local index in the background. */
export function SourcesScreen() {
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState<string | undefined>();
  const [actionError, setActionError] = useState<string | undefined>();
  const sample = useMeta((s) => s.info?.sampleData);
  const list = useRpc(String(version), (signal) => sourcesClient.list({}, { signal }));
  const refresh = () => setVersion((v) => v + 1);
  const crawling = list.status === 'ready' && list.data.crawling;
  // While the list is read again (every few seconds during a crawl), the last answer stays up: its
  // buttons (Stop crawl, each board's) do not vanish under the pointer.
  const shown = list.status === 'ready' ? list.data : list.status === 'loading' ? list.previous : undefined;

  // While a crawl runs, read the list again; when it ends, the counts in the header change too.
  useEffect(() => {
    if (!crawling) return;
    const t = setTimeout(refresh, CRAWL_POLL_MS);
    return () => clearTimeout(t);
  }, [crawling, version]);

  // A crawl that finished (however fast) shows as a new crawl time: the index changed.
  const crawled =
    list.status === 'ready'
      ? list.data.boards.map((b) => `${b.key}@${b.lastCrawlAt?.seconds ?? ''}.${b.lastCrawlAt?.nanos ?? ''}`).join(' ')
      : undefined;
  const seen = useRef<string | undefined>(undefined);
  // Boards finish one after another: the counts reload at most every few seconds meanwhile.
  const counts = useMemo(() => throttled(indexChanged, COUNTS_EVERY_MS), []);
  useEffect(() => () => counts.cancel(), [counts]);
  useEffect(() => {
    if (crawled === undefined) return;
    if (seen.current !== undefined && seen.current !== crawled) counts.call();
    seen.current = crawled;
  }, [crawled, counts]);
  // The crawl ended: its last counts show at once.
  useEffect(() => {
    if (list.status === 'ready' && !crawling) counts.flush();
  }, [list.status, crawling, counts]);

  const refreshAll = () => {
    refresh();
    indexChanged();
  };
  const act = (key: string, run: () => Promise<unknown>) => {
    setBusy(key);
    setActionError(undefined);
    void run()
      .catch((e: unknown) => setActionError(userErrorText(e)))
      .finally(() => {
        setBusy(undefined);
        refresh();
        indexChanged();
      });
  };

  return (
    <div className="screen page">
      <h1>Sources</h1>
      {sample && (
        <p className="sample-note" role="note">
          <strong>Sample data.</strong> The jobs you see now are invented, to show how the app works. Follow a real
          employer below and the sample leaves your index; your saved jobs and notes stay.
        </p>
      )}
      <FollowForm
        onFollowed={() => {
          refresh();
          indexChanged();
        }}
      />
      <FollowSet
        onFollowed={() => {
          refresh();
          indexChanged();
        }}
      />
      <section aria-labelledby="boards-title">
        <h2 id="boards-title">Followed boards</h2>
        {shown && (
          <CrawlProgress
            list={shown}
            busy={busy === 'crawl'}
            onStop={() => act('crawl', () => sourcesClient.stopCrawl({}))}
            onResume={() => act('crawl', () => sourcesClient.resume({}))}
          />
        )}
        {shown?.crawlWaitsFor === 'sync' && (
          <p className="muted" role="status">
            Crawling waits for the sync from your job index service to finish; it starts right after.
          </p>
        )}
        {actionError && (
          <p className="form-error" role="alert">
            {actionError}
          </p>
        )}
        {list.status === 'error' &&
          (list.error.title === 'Not found' ? (
            <p className="form-error" role="alert">
              This server does not crawl. Following employers needs the desktop app, or{' '}
              <code>jobindex serve --user-data --db FILE</code> with an index file of your own.
            </p>
          ) : (
            <ErrorState error={list.error} onRetry={list.retry} />
          ))}
        {shown &&
          (shown.boards.length === 0 ? (
            <p className="muted">
              No boards yet. Paste an employer's careers page above; the app keeps its postings here, fresh and
              searchable.
            </p>
          ) : (
            <ul className="plain page__list" aria-label="Followed boards">
              {shown.boards.map((b) => (
                <BoardRow
                  key={b.key}
                  board={b}
                  busy={busy === b.key}
                  onCrawl={() => act(b.key, () => sourcesClient.crawlNow({ key: b.key }))}
                  onUnfollow={() => act(b.key, () => unfollowWithUndo(b, refreshAll))}
                />
              ))}
            </ul>
          ))}
      </section>
    </div>
  );
}
