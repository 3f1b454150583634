import { Code, ConnectError } from '@connectrpc/connect';
import { timestampMs } from '@bufbuild/protobuf/wkt';
import type { Company } from '#shared/gen/svc/companies/v1/companies_pb';
import { LocalCompanies } from './local-companies.js';
import { forEachLimited } from './pool.js';
import type { SyncContext } from './sync-context.js';
import { companyRecordOf, Malformed } from './upstream-records.js';
import { WalkGuard } from './walk-guard.js';

const PAGE = 100;

/**
 * Walks CompaniesService.List: stores new and changed companies (a new one's Get gives its
 * createdAt) and each company's activeJobCount for reconciliation. One transaction per page,
 * with the cursor, so a resumed run continues at the next page.
 */
export async function pullCompanies(ctx: SyncContext): Promise<void> {
  const local = new LocalCompanies(ctx.db);
  const count = ctx.db.prepare('INSERT OR REPLACE INTO sync_company_counts (id, count) VALUES (?, ?)');
  const guard = new WalkGuard('CompaniesService.List walk', {
    expected: await upstreamCompanyCount(ctx),
    pageSize: PAGE,
    pagesBefore: ctx.run.companiesPages ?? 0,
  });
  for (;;) {
    const sent = ctx.run.companiesCursor;
    const res = await ctx.up.companies.list({ limit: PAGE, cursor: sent }, { signal: ctx.signal });
    guard.page(
      sent,
      res.data.map((c) => c.id),
      res.pagination?.hasMore ? res.pagination.nextCursor : undefined,
    );
    const fresh: Company[] = [];
    const changed: Company[] = [];
    for (const c of res.data) {
      const mine = local.get(c.id);
      if (!mine) fresh.push(c);
      else if (
        !c.updatedAt ||
        mine.updatedAt !== timestampMs(c.updatedAt) ||
        mine.name !== c.name ||
        mine.website !== c.website ||
        mine.logoUrl !== c.logoUrl ||
        mine.industry !== c.industry ||
        mine.employeeCountRange !== c.employeeCountRange ||
        mine.foundedYear !== c.foundedYear
      )
        changed.push(c);
    }
    const created = new Map<string, number>();
    await forEachLimited(fresh, ctx.concurrency, async (c) => {
      if (!c.id) return;
      // Gone since the list was read: the list item stands, createdAt unknown.
      const d = await ctx.up.companies.get({ id: c.id }, { signal: ctx.signal }).catch((e: unknown) => {
        if (e instanceof ConnectError && e.code === Code.NotFound) return undefined;
        throw e;
      });
      if (d?.createdAt) created.set(c.id, timestampMs(d.createdAt));
    });
    ctx.writer.transaction(() => {
      for (const c of [...fresh, ...changed]) {
        try {
          const mine = local.get(c.id);
          const rec = companyRecordOf(
            c,
            {
              ...(mine ? { slug: mine.slug, createdAt: mine.createdAt } : {}),
              ...(mine?.domain ? { domain: mine.domain } : {}),
              ...(created.has(c.id) ? { createdAt: created.get(c.id)! } : {}),
            },
            (field) => ctx.unsafeUrl(c.id, field),
          );
          ctx.writer.upsertCompany(rec);
          ctx.counts.companies++;
        } catch (e) {
          if (!(e instanceof Malformed)) throw e;
          ctx.malformed(c.id, e.message);
        }
      }
      for (const c of res.data) if (c.id) count.run(c.id, c.activeJobCount);
      const next = res.pagination?.hasMore ? res.pagination.nextCursor : undefined;
      ctx.run.companiesPages = guard.pages;
      if (next) ctx.run.companiesCursor = next;
      else {
        delete ctx.run.companiesCursor;
        ctx.run.phase = 'cards';
      }
      ctx.state.saveRun(ctx.run);
    });
    ctx.meter.add(res.data.length);
    if (ctx.run.phase !== 'companies') return;
  }
}

/**
 * How many companies the upstream says it has: MetaService.GetInfo, which the spec names but does
 * not describe, so an upstream that does not answer it leaves the walk's page budget open (the
 * cursor and repeat checks still hold).
 */
async function upstreamCompanyCount(ctx: SyncContext): Promise<number | undefined> {
  try {
    const info = await ctx.up.meta.getInfo({}, { signal: ctx.signal });
    return info.companyCount > 0 ? info.companyCount : undefined;
  } catch (e) {
    ctx.signal?.throwIfAborted();
    if (e instanceof ConnectError) return undefined;
    throw e;
  }
}
