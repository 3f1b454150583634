import { timestampMs } from '@bufbuild/protobuf/wkt';
import type { JobCard } from '#shared/gen/svc/jobs/v1/job_pb';
import type { JobFilters } from '#shared/gen/svc/jobs/v1/jobs_pb';

/**
 * A List page that does not answer the walk that asked for it (a cache or proxy mixing answers):
 * treated like a body that cannot be decoded (docs/decisions/sync-page-checks.md).
 */
export class PageMismatch extends Error {
  override name = 'PageMismatch';
}

/** What a walk asks: the filters it sends (its work mode, sort and marks) and its page size. */
export interface WalkQuery {
  filters: Partial<JobFilters>;
  limit: number;
}

/** Upstreams may keep times to the second: a filter or order is checked with this much slack. */
const SLACK_MS = 1000;

const ms = (iso: string | undefined) => (iso ? Date.parse(iso) : undefined);

/**
 * Checks each page of one card walk against the query that asked for it: at most `limit` cards;
 * each card inside the filters it can be checked on (a remote walk's card does not say it is not
 * remote, an on-site walk's card does not say it is remote; found or verified after the marks);
 * in the order the sort implies, continuing from the previous page (a keyset walk over a key that
 * only grows never goes back up); no id twice in the walk. The walk moves on only with `accept`,
 * so a page asked again is checked from the same place.
 */
export class WalkPageCheck {
  private readonly ids = new Set<string>();
  private readonly discoveredAfter: number | undefined;
  private readonly verifiedAfter: number | undefined;
  private readonly byVerified: boolean;

  /** `lastKey`: the sort key of the last card a previous process accepted in this walk (resume). */
  constructor(
    private readonly query: WalkQuery,
    private lastKey?: number,
  ) {
    this.discoveredAfter = ms(query.filters.discoveredAfter);
    this.verifiedAfter = ms(query.filters.verifiedAfter);
    this.byVerified = query.filters.sort === 'recently_verified';
  }

  /** The key the walk's sort orders by, descending: what `lastKey` holds. */
  keyOf(card: JobCard): number {
    return timestampMs((this.byVerified ? card.lastVerifiedAt : card.discoveredAt)!);
  }

  get last(): number | undefined {
    return this.lastKey;
  }

  /** Why this page cannot be the walk's next one, or undefined when it can. `sent`: records on the page, read or not. */
  mismatch(sent: number, cards: readonly JobCard[]): string | undefined {
    if (sent > this.query.limit) return `${sent} records on a page of at most ${this.query.limit}`;
    const mode = this.query.filters.workMode;
    const onPage = new Set<string>();
    let last = this.lastKey;
    for (const card of cards) {
      const id = card.id.toLowerCase();
      const name = `card ${card.id}`;
      if (mode === 'remote' && card.remote === false) return `${name} is not remote, in a walk of remote jobs`;
      if (mode === 'onsite' && card.remote === true) return `${name} is remote, in a walk of on-site jobs`;
      // checkCard skips a card without its times later, as malformed; it says nothing of the page.
      if (!card.discoveredAt || !card.lastVerifiedAt) continue;
      const discovered = timestampMs(card.discoveredAt);
      const verified = timestampMs(card.lastVerifiedAt);
      if (this.discoveredAfter !== undefined && discovered < this.discoveredAfter - SLACK_MS)
        return `${name} was found at ${iso(discovered)}, before the walk's discoveredAfter ${iso(this.discoveredAfter)}`;
      if (this.verifiedAfter !== undefined && verified < this.verifiedAfter - SLACK_MS)
        return `${name} was verified at ${iso(verified)}, before the walk's verifiedAfter ${iso(this.verifiedAfter)}`;
      const key = this.keyOf(card);
      if (last !== undefined && key > last + SLACK_MS)
        return `${name} (${iso(key)}) comes after ${iso(last)} in a walk sorted ${this.byVerified ? 'recently verified' : 'newest'} first`;
      last = key;
      if (onPage.has(id) || this.ids.has(id)) return `${name} was already listed in this walk`;
      onPage.add(id);
    }
    return undefined;
  }

  /** The page checked fine: the walk moves past it. */
  accept(cards: readonly JobCard[]): void {
    for (const card of cards) {
      this.ids.add(card.id.toLowerCase());
      if (card.discoveredAt && card.lastVerifiedAt) this.lastKey = this.keyOf(card);
    }
  }

  /** The walk starts again from the top (the upstream refused its cursor). */
  restart(): void {
    this.ids.clear();
    this.lastKey = undefined;
  }
}

const iso = (t: number) => new Date(t).toISOString();
