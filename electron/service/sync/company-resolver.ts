import { Code, ConnectError } from '@connectrpc/connect';
import type { JobCompany } from '#shared/gen/svc/jobs/v1/job_pb';
import type { IndexWriter } from '../index-db/write/index-writer.js';
import { LocalCompanies } from './local-companies.js';
import type { SyncContext } from './sync-context.js';
import { companyRecordOf, Malformed } from './upstream-records.js';

/**
 * Finds the local company of an upstream job. Jobs name their company only by slug (the spec's job
 * has no company id), so an unknown slug is resolved once through CompaniesService.Get, which
 * accepts a slug and answers the canonical id. The slug and domain learnt here are stored.
 */
export class CompanyResolver {
  private readonly local: LocalCompanies;
  private readonly pending = new Map<string, Promise<string>>();

  constructor(private readonly ctx: SyncContext) {
    this.local = new LocalCompanies(ctx.db);
  }

  /** The local company id; throws Malformed when the upstream cannot say which company it is. */
  async resolve(company: JobCompany | undefined, cardSlug: string | undefined): Promise<string> {
    if (!company || company.name.trim() === '') throw new Malformed('detail.company.name: empty');
    const slug = (company.slug ?? cardSlug)?.toLowerCase();
    if (!slug) {
      const named = this.local.namedUniquely(company.name);
      if (!named)
        throw new Malformed(`detail.company: no slug, and the name ${JSON.stringify(company.name)} is not one company`);
      return named.id;
    }
    const known = this.local.withSlug(slug);
    if (known) {
      this.learn(this.ctx.writer, known.id, slug, company.domain);
      return known.id;
    }
    let p = this.pending.get(slug);
    if (!p) {
      p = this.fetch(slug, company.domain);
      this.pending.set(slug, p);
    }
    return p;
  }

  private async fetch(slug: string, domain: string | undefined): Promise<string> {
    let detail;
    try {
      detail = await this.ctx.up.companies.get({ id: slug }, { signal: this.ctx.signal });
    } catch (e) {
      if (e instanceof ConnectError && e.code === Code.NotFound)
        throw new Malformed(`detail.company.slug: upstream knows no company ${slug}`);
      throw e;
    }
    const existing = this.local.get(detail.id);
    const writer = this.ctx.writer;
    writer.transaction(() => {
      // Another local company holding this slug is stale (the upstream says it is this one's).
      const holder = this.local.withSlug(slug);
      if (holder && holder.id !== detail.id) writer.upsertCompany({ ...holder, slug: holder.id.toLowerCase() });
      if (existing) writer.upsertCompany({ ...existing, slug, ...(domain ? { domain } : {}) });
      else {
        writer.upsertCompany(
          companyRecordOf(detail, { slug, ...(domain ? { domain } : {}) }, (field) =>
            this.ctx.unsafeUrl(detail.id, field),
          ),
        );
        this.ctx.counts.companies++;
      }
    });
    return detail.id;
  }

  private learn(writer: IndexWriter, id: string, slug: string, domain: string | undefined): void {
    const c = this.local.get(id)!;
    if (domain && c.domain !== domain) writer.upsertCompany({ ...c, slug, domain });
  }
}
