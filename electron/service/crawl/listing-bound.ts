import { MB, type CountedBytes } from '../net/capped-body.js';
import { BoardReadError } from './http-client.js';

/**
 * A board's listing over all its pages (a paged board, a split Workday read) is bounded like a
 * one-page answer: by the answer limit (docs/decisions/crawl.md § Answer size; `--max-answer-mb`
 * raises both). Without it a paged board could hold 100 pages of the limit each. Past it the board
 * fails alone ("listing larger than…") and, like any failed read, expires nothing.
 */
export class ListingBytes implements CountedBytes {
  private bytes = 0;
  private pages = 0;

  constructor(
    private readonly lease: CountedBytes,
    private readonly limitBytes: number,
  ) {}

  take(n: number): Promise<void> | undefined {
    this.bytes += n;
    return this.lease.take(n);
  }

  give(n: number): void {
    this.bytes -= n;
    this.lease.give(n);
  }

  /** One more page of the listing read whole: throws once the pages together pass the limit. */
  page(): void {
    this.pages++;
    if (this.bytes <= this.limitBytes) return;
    const mb = Math.round((this.limitBytes / MB) * 100) / 100;
    throw new BoardReadError(
      `listing larger than ${mb} MB over ${this.pages} pages (the limit; raise it with --max-answer-mb)`,
    );
  }
}
