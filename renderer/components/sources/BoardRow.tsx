import { timestampMs } from '@bufbuild/protobuf/wkt';
import type { Board } from '#shared/gen/svc/sources/v1/sources_pb';
import { TimeAgo } from '../time-ago.js';
import { platformName, postingsText, STATE_WORDS } from './platform-names.js';

/** One followed board: where it is, how its last crawl went, and what can be done with it. */
export function BoardRow({
  board,
  busy,
  onCrawl,
  onUnfollow,
}: {
  board: Board;
  busy: boolean;
  onCrawl(): void;
  onUnfollow(): void;
}) {
  const name = `${board.token} on ${platformName(board.platform, board.region)}`;
  return (
    <li className="board-row" aria-label={name}>
      <div className="page__row">
        <span>
          <strong>{board.token}</strong> <span className="muted">{platformName(board.platform, board.region)}</span>{' '}
          {board.dead && board.state !== 'crawling' ? (
            <span className="state-pill state-pill--dead">Dead board</span>
          ) : (
            <span className={`state-pill state-pill--${board.state}`}>{STATE_WORDS[board.state] ?? board.state}</span>
          )}
        </span>
        <span className="board-row__actions">
          <button
            type="button"
            className="button"
            disabled={busy || board.state === 'crawling'}
            aria-label={`Crawl ${name} now`}
            onClick={onCrawl}
          >
            Crawl now
          </button>
          <button type="button" className="button" disabled={busy} aria-label={`Unfollow ${name}`} onClick={onUnfollow}>
            Unfollow
          </button>
        </span>
      </div>
      <p className="muted board-row__facts">
        {board.lastCrawlAt ? (
          <>
            {postingsText(board.postings)} · <TimeAgo at={board.lastCrawlAt} prefix="crawled" />
            {board.state === 'ok' && ` · ${board.added} new, ${board.updated} updated, ${board.expired} gone`}
          </>
        ) : (
          'Not crawled yet'
        )}
      </p>
      {board.dead && (
        <p className="muted board-row__facts">
          Answered “not found” or no postings on {board.deadReads} reads in a row, so it is read rarely now
          {board.nextReadAt && ` (next read on ${new Date(timestampMs(board.nextReadAt)).toLocaleDateString('en')})`}.
          It comes back by itself when it lists postings again.
        </p>
      )}
      {board.unchecked && (
        <p className="muted board-row__unchecked">
          Not checked yet: {board.unchecked}. Kept; its next crawl checks it.
        </p>
      )}
      {board.error && (
        <p className="form-error board-row__error">
          {board.state === 'anomaly' ? 'Nothing was expired: ' : ''}
          {board.error}
        </p>
      )}
    </li>
  );
}
