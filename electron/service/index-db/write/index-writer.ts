import type { Database } from 'better-sqlite3';
import { safeHttpUrl } from '#shared/rules/safe-url';
import { fold } from '#shared/text/fold';
import type { CompanyRecord, JobRecord } from '../records.js';
import { jobFacetTokens, type FacetSource } from '../search/facet-tokens.js';
import { packDescription } from '../description-blob.js';
import { htmlToText, snippetOf } from './html-text.js';
import { countriesKey, locationText } from './location-text.js';
import { nextRidCandidate, ridFor } from './rid.js';
import { PaySearchWriter } from './pay-search.js';
import { FoldWriter } from '../fold/fold-writer.js';
import { searchText, storedSearchRows, type SearchRow } from './stored-search-rows.js';
import { regionOfPlace } from '../../text/regions.js';
import { staleMarker } from './stale-mark.js';

interface CompanyRef {
  cid: number;
  slug: string;
  name: string;
  sortKey: string;
}

/** The writer's statements, typed by what they bind and return. */
function prepareStatements(db: Database) {
  return {
    companyById: db.prepare<[string], CompanyRef>(
      'SELECT cid, slug, name, sort_key AS sortKey FROM companies WHERE id = ?',
    ),
    upsertCompany: db
      .prepare<[Record<string, unknown>], number>(
        `INSERT INTO companies (id, slug, name, sort_key, website, domain, logo_url, industry,
        employee_count_range, founded_year, created_at, updated_at)
      VALUES (@id, @slug, @name, @sortKey, @website, @domain, @logoUrl, @industry, @employeeCountRange,
        @foundedYear, @createdAt, @updatedAt)
      ON CONFLICT (id) DO UPDATE SET slug = excluded.slug, name = excluded.name, sort_key = excluded.sort_key,
        website = excluded.website, domain = excluded.domain, logo_url = excluded.logo_url,
        industry = excluded.industry, employee_count_range = excluded.employee_count_range,
        founded_year = excluded.founded_year, updated_at = excluded.updated_at
      RETURNING cid`,
      )
      .pluck(),
    deleteCompanySearch: db.prepare('DELETE FROM company_search WHERE rowid = ?'),
    insertCompanySearch: db.prepare('INSERT INTO company_search (rowid, name) VALUES (?, ?)'),
    renameCompanyJobs: db.prepare(
      'UPDATE jobs SET company_name = ?, company_slug = ?, company_sort = ? WHERE company_cid = ?',
    ),
    jobById: db.prepare<[string], { rid: number; discoveredAt: number; status: string }>(
      'SELECT rid, discovered_at AS discoveredAt, status FROM jobs WHERE id = ?',
    ),
    ridTaken: db.prepare<[number], 1>('SELECT 1 FROM jobs WHERE rid = ?').pluck(),
    insertJob:
      db.prepare(`INSERT INTO jobs (rid, id, slug, title, company_cid, company_name, company_slug, company_sort,
        location_text, countries, remote, work_mode, employment_type, seniority, occupation, salary_min, salary_max,
        salary_currency, salary_period, salary_sort, snippet, source_type, source_platform, apply_url, status,
        discovered_at, last_seen_at, last_scraped_at, last_verified_at, expired_at, posting_url, posted_at, source_updated_at)
      VALUES (@rid, @id, @slug, @title, @companyCid, @companyName, @companySlug, @companySort, @locationText,
        @countries, @remote, @workMode, @employmentType, @seniority, @occupation, @salaryMin, @salaryMax, @salaryCurrency,
        @salaryPeriod, @salarySort, @snippet, @sourceType, @sourcePlatform, @applyUrl, @status, @discoveredAt,
        @lastSeenAt, @lastScrapedAt, @lastVerifiedAt, @expiredAt, @postingUrl, @postedAt, @sourceUpdatedAt)`),
    deleteJob: db.prepare('DELETE FROM jobs WHERE rid = ?'),
    insertLocation:
      db.prepare(`INSERT INTO job_locations (job_rid, ord, city, city_key, region, country, text, remote, scope)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    insertDescription: db.prepare('INSERT INTO job_descriptions (rid, html) VALUES (?, ?)'),
    deleteSearch: db.prepare('DELETE FROM job_search WHERE rowid = ?'),
    insertSearch: db.prepare(
      'INSERT INTO job_search (rowid, title, company, description, facets) VALUES (?, ?, ?, ?, ?)',
    ),
    verified: db.prepare(`UPDATE jobs SET last_verified_at = @at, last_seen_at = max(last_seen_at, @at)
      WHERE id = @id AND status = 'active'`),
    expire: db.prepare(`UPDATE jobs SET status = 'expired', expired_at = ?, last_verified_at = max(last_verified_at, ?)
      WHERE rid = ? AND status = 'active'`),
    companyJobs: db.prepare<[number], 1>('SELECT 1 FROM jobs WHERE company_cid = ? LIMIT 1').pluck(),
    deleteCompany: db.prepare('DELETE FROM companies WHERE cid = ?'),
    purgeable: db.prepare<[number], number>(`SELECT rid FROM jobs WHERE status = 'expired' AND expired_at < ?`).pluck(),
    purgeableSome: db.prepare<[number, number], { rid: number; id: string }>(
      `SELECT rid, id FROM jobs WHERE status = 'expired' AND expired_at < ? LIMIT ?`,
    ),
    // A job gone from the index takes its holders along (provenance.md); a rewrite keeps them.
    dropHolders: db.prepare('DELETE FROM job_sources WHERE job_id = ?'),
    dropPurgedHolders: db.prepare(
      `DELETE FROM job_sources WHERE job_id IN (SELECT id FROM jobs WHERE status = 'expired' AND expired_at < ?)`,
    ),
  };
}

export type UpsertResult = 'inserted' | 'updated';

/** Card text an upstream already composed (sync keeps it verbatim so local cards equal the upstream's). */
export interface CardText {
  snippet: string;
  locationText: string;
}

/**
 * The only code that writes jobs and companies: keeps jobs, locations, descriptions and the
 * search index consistent. Callers group calls in `transaction()`; stats are refreshed after.
 */
export class IndexWriter {
  private readonly companies = new Map<string, CompanyRef>();
  private readonly s: ReturnType<typeof prepareStatements>;
  private readonly paySearch: PaySearchWriter;
  private readonly fold: FoldWriter;
  /** Every job write leaves the counts stale until the next stats refresh (stale-mark.ts). */
  private readonly stale: () => void;

  constructor(private readonly db: Database) {
    this.s = prepareStatements(db);
    this.stale = staleMarker(db);
    this.paySearch = new PaySearchWriter(db);
    this.fold = new FoldWriter(db);
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  upsertCompany(c: CompanyRecord): void {
    const sortKey = fold(c.name);
    const before = this.companies.get(c.id) ?? this.lookupCompany(c.id, false);
    const cid = this.s.upsertCompany.get({
      ...c,
      // Every writer (generator, sync, crawl) stores only http(s) links; sync counts its drops first.
      website: safeHttpUrl(c.website) ?? '',
      logoUrl: safeHttpUrl(c.logoUrl) ?? '',
      sortKey,
      domain: c.domain ?? null,
      foundedYear: c.foundedYear ?? null,
    })!;
    this.s.deleteCompanySearch.run(cid);
    this.s.insertCompanySearch.run(cid, c.name);
    const ref = { cid, slug: c.slug, name: c.name, sortKey };
    this.companies.set(c.id, ref);
    if (before && (before.name !== c.name || before.slug !== c.slug)) {
      this.stale(); // its jobs' search words changed, so the search terms did
      this.s.renameCompanyJobs.run(c.name, c.slug, sortKey, cid);
      // The company column and facets of its active jobs are in the search index too.
      this.reindexCompanyJobs(cid);
    }
  }

  /** Removes a company that has no jobs left (sync: the upstream no longer lists it). */
  deleteCompanyWithoutJobs(id: string): boolean {
    const ref = this.lookupCompany(id, false);
    if (!ref || this.s.companyJobs.get(ref.cid)) return false;
    this.s.deleteCompanySearch.run(ref.cid);
    this.s.deleteCompany.run(ref.cid);
    this.companies.delete(id);
    return true;
  }

  private lookupCompany(id: string, required = true): CompanyRef | undefined {
    const row = this.s.companyById.get(id);
    if (!row && required) throw new Error(`job refers to unknown company ${id}`);
    if (row) this.companies.set(id, row);
    return row;
  }

  upsertJob(j: JobRecord, cardText?: CardText): UpsertResult {
    const company = this.companies.get(j.companyId) ?? this.lookupCompany(j.companyId)!;
    const existing = this.s.jobById.get(j.id);
    this.stale();
    let rid: number;
    if (existing) {
      // Replace the row and its children; keeping rid keeps every cursor over it valid.
      this.removeJob(existing.rid, existing.status === 'active');
      rid = existing.discoveredAt === j.discoveredAt ? existing.rid : this.freeRid(j);
    } else {
      rid = this.freeRid(j);
    }
    const text = htmlToText(j.descriptionHtml);
    this.s.insertJob.run({
      rid,
      id: j.id,
      slug: j.slug,
      title: j.title,
      companyCid: company.cid,
      companyName: company.name,
      companySlug: company.slug,
      companySort: company.sortKey,
      locationText: cardText?.locationText ?? locationText(j.locations, j.remote),
      countries: countriesKey(j.locations),
      // Unknown (docs/decisions/crawl.md § Unknown in storage): remote NULL, the enum-like columns ''.
      remote: j.remote === undefined ? null : j.remote ? 1 : 0,
      workMode: j.workMode ?? '',
      employmentType: j.employmentType ?? '',
      seniority: j.seniority ?? '',
      occupation: j.occupation ?? null,
      salaryMin: j.salary?.min ?? null,
      salaryMax: j.salary?.max ?? null,
      salaryCurrency: j.salary?.currency ?? null,
      salaryPeriod: j.salary?.period ?? null,
      salarySort: j.salary?.max ?? -1,
      snippet: cardText?.snippet ?? snippetOf(text),
      sourceType: j.sourceType,
      sourcePlatform: j.sourcePlatform,
      applyUrl: safeHttpUrl(j.applyUrl) ?? null,
      status: j.status,
      discoveredAt: j.discoveredAt,
      lastSeenAt: j.lastSeenAt,
      lastScrapedAt: j.lastScrapedAt,
      lastVerifiedAt: j.lastVerifiedAt,
      expiredAt: j.status === 'expired' ? (j.expiredAt ?? j.lastVerifiedAt) : null,
      postingUrl: safeHttpUrl(j.postingUrl) ?? null,
      postedAt: j.postedAt ?? null,
      sourceUpdatedAt: j.sourceUpdatedAt ?? null,
    });
    j.locations.forEach((l, i) =>
      this.s.insertLocation.run(
        rid,
        i,
        l.city ?? null,
        l.city ? fold(l.city) : null,
        l.region ?? null,
        l.country ?? null,
        l.text ?? null,
        l.remote ? 1 : 0,
        regionOfPlace(l) ?? null,
      ),
    );
    this.s.insertDescription.run(rid, packDescription(j.descriptionHtml));
    // Folding marks the row at write time, so search reads groups as stored (docs/decisions/folding.md).
    this.fold.place(rid, text);
    if (j.status === 'active') {
      this.writeSearchRow(rid, j.title, company.name, text, { ...j, companySlug: company.slug });
    }
    return existing ? 'updated' : 'inserted';
  }

  /** Active → expired: leaves search at once; the detail stays readable until purged. */
  expireJob(id: string, at: number): boolean {
    const row = this.s.jobById.get(id);
    if (!row || row.status !== 'active') return false;
    this.stale();
    this.s.expire.run(at, at, row.rid);
    this.s.deleteSearch.run(row.rid);
    return true;
  }

  /** A verification pass found an active job still live (the search row does not change). */
  markVerified(id: string, at: number): boolean {
    const changed = this.s.verified.run({ id, at }).changes > 0;
    if (changed) this.stale();
    return changed;
  }

  /** Removes a job and everything hanging off it. */
  deleteJob(id: string): boolean {
    const row = this.s.jobById.get(id);
    if (!row) return false;
    this.stale();
    this.removeJob(row.rid, row.status === 'active');
    this.s.dropHolders.run(id);
    return true;
  }

  /** Deletes jobs expired before `cutoff` (epoch ms); returns how many. */
  purgeExpiredBefore(cutoff: number): number {
    const rids = this.s.purgeable.all(cutoff);
    if (rids.length > 0) {
      this.stale();
      this.s.dropPurgedHolders.run(cutoff);
    }
    for (const rid of rids) this.removeJob(rid, false);
    return rids.length;
  }

  /**
   * Deletes at most `limit` jobs expired before `cutoff`, and their holders; returns how many. A
   * crawl purges in such turns so that searches are answered between them (issue 28).
   */
  purgeSomeExpiredBefore(cutoff: number, limit: number): number {
    const rows = this.s.purgeableSome.all(cutoff, limit);
    if (rows.length > 0) this.stale();
    for (const r of rows) {
      this.s.dropHolders.run(r.id);
      this.removeJob(r.rid, false);
    }
    return rows.length;
  }

  private removeJob(rid: number, inSearch: boolean): void {
    if (inSearch) this.s.deleteSearch.run(rid);
    this.s.deleteJob.run(rid); // locations and description cascade
  }

  private freeRid(j: JobRecord): number {
    let rid = ridFor(j.discoveredAt, j.id);
    while (this.s.ridTaken.get(rid)) rid = nextRidCandidate(rid);
    return rid;
  }

  private reindexCompanyJobs(cid: number): void {
    for (const row of storedSearchRows(this.db, 'j.company_cid = ?', cid)) {
      this.s.deleteSearch.run(row.rid);
      this.putSearchRow(row);
    }
  }

  /** Rewrites the search rows of stored active jobs (their facets changed: a backfill by today's rules). */
  reindexStoredJobs(where: string, ...params: unknown[]): void {
    for (const row of storedSearchRows(this.db, where, ...params)) {
      this.s.deleteSearch.run(row.rid);
      this.putSearchRow(row);
    }
  }

  /** Writes the search rows of stored active jobs that have none yet (a snapshot's rows copied in). */
  indexStoredJobs(where: string, ...params: unknown[]): void {
    for (const row of storedSearchRows(this.db, where, ...params)) this.putSearchRow(row);
  }

  /** The one place that says what an active job's search row holds. */
  private writeSearchRow(rid: number, title: string, companyName: string, text: string, facets: FacetSource): void {
    const row = { rid, title, company: companyName, text: searchText(text, facets.locations) };
    this.putSearchRow({ ...row, facets: jobFacetTokens(facets) });
  }

  /** Both search indexes: job_search, and job_pay_search for a job with a comparable pay. */
  private putSearchRow(row: SearchRow): void {
    this.s.insertSearch.run(row.rid, row.title, row.company, row.text, row.facets);
    this.paySearch.put(row);
  }
}
