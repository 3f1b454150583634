import { Code, ConnectError } from '@connectrpc/connect';
import type { GetResponse } from '#shared/gen/svc/jobs/v1/jobs_pb';
import type { JobRecord } from '../index-db/records.js';
import { CompanyResolver } from './company-resolver.js';
import { Evictions } from './evictions.js';
import { forEachLimited } from './pool.js';
import type { SyncContext } from './sync-context.js';
import { isUndecodable } from './undecodable-retry.js';
import { jobRecordOf, Malformed } from './upstream-records.js';

const BATCH = 250;

interface Staged {
  id: string;
  work_mode: string;
  snippet: string;
  location_text: string;
  company_slug: string | null;
}

type Outcome =
  | { id: string; kind: 'write'; record: JobRecord; card: Staged }
  | { id: string; kind: 'expired'; detail: GetResponse }
  | { id: string; kind: 'gone' }
  | { id: string; kind: 'malformed' };

/**
 * JobsService.Get, with not_found as a value: the upstream no longer knows the job. An answer that
 * still cannot be decoded after the retries is this record's fault: Malformed (skipped, counted).
 */
export async function getJob(ctx: SyncContext, id: string): Promise<GetResponse | undefined> {
  try {
    const d = await ctx.up.jobs.get({ id }, { signal: ctx.signal });
    ctx.counts.details++;
    return d;
  } catch (e) {
    if (e instanceof ConnectError && e.code === Code.NotFound) return undefined;
    if (isUndecodable(e))
      throw new Malformed(
        `detail: the upstream's answer could not be decoded (${e instanceof ConnectError ? e.rawMessage : String(e)})`,
      );
    throw e;
  }
}

/**
 * Fetches the detail of every staged card, `concurrency` at a time, and writes finished jobs in
 * batches; each batch also removes its cards from the stage, so a killed run refetches only what
 * it had not written. Expired and unknown jobs are staged as evictions for the commit.
 */
export async function fetchDetails(ctx: SyncContext): Promise<void> {
  const resolver = new CompanyResolver(ctx);
  const evictions = new Evictions(ctx.db);
  const unstage = ctx.db.prepare('DELETE FROM sync_cards WHERE id = ?');
  const page = ctx.db.prepare<[string], Staged>(
    'SELECT id, work_mode, snippet, location_text, company_slug FROM sync_cards WHERE id > ? ORDER BY id LIMIT 1000',
  );
  ctx.meter.setTotal(ctx.db.prepare<[], number>('SELECT count(*) FROM sync_cards').pluck().get()!);
  let buffer: Outcome[] = [];

  const flush = () => {
    const batch = buffer;
    buffer = [];
    ctx.writer.transaction(() => {
      for (const o of batch) {
        if (o.kind === 'write') {
          // A board that holds the posting is its authority (provenance.md): the upstream's copy
          // only adds itself as a holder.
          // only adds itself as a holder, also when its id differs but its detail names the same
          // platform and posting page.
          const id = ctx.sources.boardTwin(o.id, o.record.sourcePlatform, o.record.postingUrl) ?? o.id;
          if (!ctx.sources.board(id)) {
            ctx.writer.upsertJob(o.record, { snippet: o.card.snippet, locationText: o.card.location_text });
            ctx.counts.jobsWritten++;
          }
          ctx.sources.open(id, ctx.source, o.record.lastVerifiedAt);
          evictions.cancel(o.id);
        } else if (o.kind === 'expired') evictions.stageExpired(o.detail);
        else if (o.kind === 'gone') evictions.stagePurge(o.id);
        unstage.run(o.id);
      }
    });
    ctx.meter.add(batch.length);
  };

  // Pages of the stage by id; rows written meanwhile are gone from it, so nothing repeats.
  async function* staged(): AsyncGenerator<Staged> {
    let after = '';
    for (;;) {
      const rows = page.all(after);
      if (rows.length === 0) return;
      for (const r of rows) yield r;
      after = rows.at(-1)!.id;
    }
  }

  try {
    await forEachLimited(staged(), ctx.concurrency, async (s) => {
      let outcome: Outcome;
      try {
        const detail = await getJob(ctx, s.id);
        if (!detail) outcome = { id: s.id, kind: 'gone' };
        else if (detail.status === 'expired') outcome = { id: s.id, kind: 'expired', detail };
        else {
          const companyId = await resolver.resolve(detail.company, s.company_slug ?? undefined);
          outcome = {
            id: s.id,
            kind: 'write',
            record: jobRecordOf(detail, companyId, s.work_mode, (field) => ctx.unsafeUrl(s.id, field)),
            card: s,
          };
        }
      } catch (e) {
        if (!(e instanceof Malformed)) throw e;
        ctx.malformed(s.id, e.message);
        outcome = { id: s.id, kind: 'malformed' };
      }
      buffer.push(outcome);
      if (buffer.length >= BATCH) flush();
    });
  } finally {
    // A failed run keeps what it fetched (forEachLimited settles every request in flight first):
    // written jobs leave the stage, so the next run asks only for the rest.
    if (buffer.length) flush();
  }
}
