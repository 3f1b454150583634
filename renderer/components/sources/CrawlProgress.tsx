import type { ListResponse } from '#shared/gen/svc/sources/v1/sources_pb';
import { postingsText } from './platform-names.js';

/** Where the running crawl stands, with Stop; after a stop (or a restart), Resume for the boards not read yet. */
export function CrawlProgress({
  list,
  busy,
  onStop,
  onResume,
}: {
  list: ListResponse;
  busy: boolean;
  onStop(): void;
  onResume(): void;
}) {
  const p = list.progress;
  if (list.crawling && p && p.boardsTotal > 1) {
    return (
      <div className="crawl-progress" role="status" aria-label="Crawl progress">
        <label htmlFor="crawl-progress-bar">
          Crawling: {p.boardsDone.toLocaleString('en')} of {p.boardsTotal.toLocaleString('en')} boards ·{' '}
          {postingsText(p.postings)} read
        </label>
        <progress id="crawl-progress-bar" max={p.boardsTotal} value={p.boardsDone} />
        <button type="button" className="button" disabled={busy} onClick={onStop}>
          Stop crawl
        </button>
      </div>
    );
  }
  if (!list.crawling && list.unread > 0) {
    return (
      <div className="crawl-progress" role="status" aria-label="Crawl progress">
        <span>
          {list.unread.toLocaleString('en')} followed board{list.unread === 1 ? '' : 's'} not read yet.
        </span>
        <button type="button" className="button" disabled={busy} onClick={onResume}>
          Resume crawl
        </button>
      </div>
    );
  }
  return null;
}
