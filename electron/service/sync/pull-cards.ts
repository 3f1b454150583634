import { create, equals } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import { timestampMs } from '@bufbuild/protobuf/wkt';
import { JobCardSchema, type JobCard } from '#shared/gen/svc/jobs/v1/job_pb';
import type { JobFilters } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { WORK_MODES } from '#shared/rules/vocabulary';
import { CARD_COLUMNS, type CardRow } from '../index-db/search/card-row.js';
import { jobCard } from '../index-db/wire.js';
import type { SyncContext } from './sync-context.js';
import type { RunState, WalkState } from './sync-state.js';
import { readJobCard } from './card-reader.js';
import { checkCard, Malformed } from './upstream-records.js';
import { WalkGuard } from './walk-guard.js';
import { PageMismatch, WalkPageCheck } from './page-check.js';
import { backoffMs, sleep } from '../net/retrying-fetch.js';

const PAGE = 100;

/** Active jobs by the upstream's own company counts (the companies walk stored them): no walk can list more. */
export function upstreamActiveJobs(ctx: SyncContext): number | undefined {
  const n = ctx.db.prepare<[], number | null>('SELECT sum(count) FROM sync_company_counts').pluck().get();
  return n ?? undefined;
}

export interface Walk {
  name: string;
  workMode: string;
  filters: Partial<JobFilters>;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The List walks of a run. One per work mode: the spec's card has no workMode, only the filter
 * does, and the three filtered pulls partition the active jobs, so each card arrives with its
 * mode at no extra cost. A first run pulls everything newest-first; later runs pull what was
 * discovered or verified since the marks (minus the overlap window).
 */
export function plannedWalks(run: RunState): Walk[] {
  return WORK_MODES.flatMap((mode): Walk[] => {
    if (!run.since) return [{ name: `all:${mode}`, workMode: mode, filters: { workMode: mode, sort: 'newest' } }];
    return [
      {
        name: `new:${mode}`,
        workMode: mode,
        filters: { workMode: mode, sort: 'newest', discoveredAfter: iso(run.since.discovered) },
      },
      {
        name: `verified:${mode}`,
        workMode: mode,
        filters: { workMode: mode, sort: 'recently_verified', verifiedAfter: iso(run.since.verified) },
      },
    ];
  });
}

/**
 * Stages cards whose local copy differs (or is missing); unchanged ones need no detail. They go
 * to the append-only log first; `mergeStagedCards` makes them the stage details are fetched for.
 */
export class CardStager {
  private readonly localCard;
  private readonly stage;

  constructor(private readonly ctx: SyncContext) {
    this.localCard = ctx.db.prepare<[string], CardRow & { work_mode: string }>(
      `SELECT ${CARD_COLUMNS}, j.work_mode FROM jobs j WHERE j.id = ? AND j.status = 'active'`,
    );
    this.stage = ctx.db.prepare(
      'INSERT INTO sync_card_log (id, work_mode, snippet, location_text, company_slug) VALUES (?, ?, ?, ?, ?)',
    );
  }

  /** An encoded card as a JobCard; undefined (skipped and counted) when it is not one. */
  read(bytes: Uint8Array): JobCard | undefined {
    try {
      return readJobCard(bytes);
    } catch (e) {
      if (!(e instanceof Malformed)) throw e;
      this.ctx.malformed('(unreadable card)', e.message);
      return undefined;
    }
  }

  /** Call inside a transaction. Returns false for a malformed card (skipped and counted). */
  add(card: JobCard, workMode: string): boolean {
    try {
      checkCard(card);
    } catch (e) {
      if (!(e instanceof Malformed)) throw e;
      this.ctx.malformed(card.id, e.message);
      return false;
    }
    const id = card.id.toLowerCase();
    const row = this.localCard.get(id);
    const same =
      row &&
      (workMode === '' || row.work_mode === workMode) &&
      equals(JobCardSchema, create(JobCardSchema, jobCard(row)), card);
    // Only what the detail lacks is kept (re-encoding whole cards cost ~0.3 ms each).
    if (!same) this.stage.run(id, workMode, card.snippet, card.locationText, card.companySlug ?? null);
    // Unchanged here, but this upstream holds it too (provenance.md).
    else this.ctx.sources.open(id, this.ctx.source, timestampMs(card.lastVerifiedAt!));
    return true;
  }
}

/** A page's cards, and why each record that is not a card could not be read. */
function readCards(data: readonly Uint8Array[]): { cards: JobCard[]; unreadable: string[] } {
  const cards: JobCard[] = [];
  const unreadable: string[] = [];
  for (const bytes of data) {
    try {
      cards.push(readJobCard(bytes));
    } catch (e) {
      if (!(e instanceof Malformed)) throw e;
      unreadable.push(e.message);
    }
  }
  return { cards, unreadable };
}

/** Moves the logged cards into sync_cards, sorted by id, the last arrival of an id winning. */
export function mergeStagedCards(ctx: SyncContext): void {
  ctx.writer.transaction(() =>
    ctx.db.exec(`INSERT OR REPLACE INTO sync_cards (id, work_mode, snippet, location_text, company_slug)
        SELECT id, work_mode, snippet, location_text, company_slug FROM sync_card_log ORDER BY id, seq;
      DELETE FROM sync_card_log;`),
  );
}

/**
 * Cards staged per transaction. A commit costs about as much as staging a few hundred cards (the
 * WAL write, and its checkpoints), so pages are grouped; but staging blocks the event loop, and
 * while it runs no walk asks for its next page, so the upstream idles. 300 (3 pages) pulled
 * fastest end to end: median 20.3k cards/s against 19.1k for 200, 18.8k for 500 and 17.5k for
 * 1,000 (BENCHMARKS.md). A killed run pulls at most this many cards again. The walk's cursor and
 * marks change only in the transaction that stages its cards.
 */
export const STAGE_BATCH = 300;

/** Walks one List query to its end, staging its cards (and cursor) a batch of pages at a time. */
export async function pullCards(ctx: SyncContext, walk: Walk): Promise<void> {
  const stager = new CardStager(ctx);
  const st: WalkState = (ctx.run.walks[walk.name] ??= { done: false, maxDiscovered: 0, maxVerified: 0 });
  if (st.done) return;
  let cursor = st.cursor;
  // No stated count (or a sum of 0, which an upstream with jobs cannot mean): no page cap, the
  // cursor and repeat checks still stop a walk that does not end.
  const expected = upstreamActiveJobs(ctx) || undefined;
  let guard = new WalkGuard(`JobsService.List walk ${walk.name}`, {
    expected,
    pageSize: PAGE,
    pagesBefore: st.pages ?? 0,
  });
  let pending: JobCard[] = [];
  const stage = (next: string | undefined) =>
    ctx.writer.transaction(() => {
      for (const card of pending) {
        if (!stager.add(card, walk.workMode)) continue;
        st.maxDiscovered = Math.max(st.maxDiscovered, timestampMs(card.discoveredAt!));
        st.maxVerified = Math.max(st.maxVerified, timestampMs(card.lastVerifiedAt!));
      }
      pending = [];
      st.pages = guard.pages;
      const lastKey = check.last;
      if (lastKey !== undefined) st.lastKey = lastKey;
      if (next) st.cursor = next;
      else {
        delete st.cursor;
        st.done = true;
      }
      ctx.state.saveRun(ctx.run);
    });
  const fetchPage = (c: string | undefined) => {
    const p = ctx.up.cardPages.list(
      { query: { filters: walk.filters, limit: PAGE, cursor: c } },
      { signal: ctx.signal },
    );
    p.catch(() => {}); // awaited below; this only keeps a failure during staging from going unhandled
    return p;
  };
  const check = new WalkPageCheck({ filters: walk.filters, limit: PAGE }, st.lastKey);
  let mismatches = 0;
  // The next page is asked for before this one is staged, so the upstream is not kept waiting.
  let inflight = fetchPage(cursor);
  while (!st.done) {
    let res;
    try {
      res = await inflight;
    } catch (e) {
      // The upstream no longer accepts our cursor (its index was replaced): walk again from the top.
      if (e instanceof ConnectError && e.code === Code.InvalidArgument && cursor && !st.restarted) {
        if (pending.length) stage(cursor);
        cursor = undefined;
        guard = new WalkGuard(`JobsService.List walk ${walk.name}`, { expected, pageSize: PAGE });
        check.restart();
        ctx.writer.transaction(() => {
          delete st.cursor;
          delete st.lastKey;
          st.restarted = true;
          ctx.state.saveRun(ctx.run);
        });
        inflight = fetchPage(undefined);
        continue;
      }
      if (pending.length) stage(cursor);
      throw e;
    }
    const sent = cursor;
    const { cards, unreadable } = readCards(res.data);
    // A page answering another query is asked again like an undecodable one, then stops the walk.
    const wrong = check.mismatch(res.data.length, cards);
    if (wrong) {
      if (mismatches < ctx.retry.retries) {
        const delayMs = backoffMs(ctx.retry, mismatches++);
        ctx.counts.retries++;
        await sleep(delayMs, ctx.signal);
        inflight = fetchPage(sent);
        continue;
      }
      if (pending.length) stage(sent);
      throw new PageMismatch(
        `JobsService.List walk ${walk.name}: page ${guard.pages + 1} answers another query (${wrong}), ${mismatches + 1} times`,
      );
    }
    mismatches = 0;
    check.accept(cards);
    for (const reason of unreadable) ctx.malformed('(unreadable card)', reason);
    cursor = res.pagination?.hasMore ? res.pagination.nextCursor : undefined;
    try {
      guard.page(
        sent,
        cards.map((c) => c.id),
        cursor,
      );
    } catch (e) {
      if (pending.length) stage(sent);
      throw e;
    }
    pending.push(...cards);
    if (cursor) inflight = fetchPage(cursor);
    if (!cursor || pending.length >= STAGE_BATCH) stage(cursor);
    ctx.counts.cards += res.data.length;
    ctx.meter.add(res.data.length);
  }
}
