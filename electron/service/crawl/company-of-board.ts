import type { Database } from 'better-sqlite3';
import { decodeHTML } from 'entities';
import { slugify } from '#shared/text/fold';
import type { CompanyRecord } from '../index-db/records.js';
import type { BoardRef } from '#shared/rules/board-ref';
import { crawledCompanyId } from './job-id.js';
import type { PlatformAdapter, RawPosting } from './platforms/platform.js';

const ATS_HOSTS =
  /(?:^|\.)(?:greenhouse\.io|lever\.co|ashbyhq\.com|smartrecruiters\.com|workable\.com|recruitee\.com)$/i;

/** The employer's own domain, when a posting links to its own careers site (careers.duolingo.com). */
export function domainOf(postings: RawPosting[]): string | undefined {
  for (const p of postings) {
    if (!p.postingUrl) continue;
    try {
      const host = new URL(p.postingUrl).hostname.toLowerCase();
      if (ATS_HOSTS.test(host)) continue;
      return host.replace(/^(?:www|careers|jobs|job|boards|apply)\./, '');
    } catch {
      continue;
    }
  }
  return undefined;
}

/** "finni-health" → "Finni Health": the board's own token, when the platform states no name. */
function nameFromToken(token: string): string {
  return token
    .replace(/[-_.]+/g, ' ')
    .replace(/\b\p{Ll}/gu, (c) => c.toUpperCase())
    .trim();
}

/** The name a board's company is shown by: the platform's, else the board's token. */
export function companyNameOf(board: BoardRef, name: string | undefined): string {
  return decodeHTML(name ?? '').trim() || nameFromToken(board.token);
}

/**
 * The company behind a board, with a slug no other company holds. Call it in the same
 * synchronous step as the write: the slug it picks is only free until another board writes.
 * A company keeps the slug it was first given when its name changes: the person's blocked
 * companies, links and company filters name it by slug (docs/decisions/crawl.md).
 */
export function companyOfBoard(
  db: Database,
  board: BoardRef,
  adapter: PlatformAdapter,
  name: string | undefined,
  postings: RawPosting[],
  at: number,
): CompanyRecord {
  const id = crawledCompanyId(board);
  const display = companyNameOf(board, name);
  const existing = db
    .prepare<[string], { slug: string; createdAt: number }>(
      'SELECT slug, created_at AS createdAt FROM companies WHERE id = ?',
    )
    .get(id);
  const taken = db.prepare('SELECT 1 FROM companies WHERE slug = ? AND id <> ?').pluck();
  const base = slugify(display) || slugify(board.token) || 'company';
  const slug =
    existing?.slug ??
    [base, `${base}-${board.platform}`, `${base}-${board.platform}-${slugify(board.token)}`].find(
      (s) => !taken.get(s, id),
    ) ??
    `${base}-${id.slice(0, 8)}`;
  const domain = domainOf(postings);
  return {
    id,
    slug,
    name: display,
    website: domain ? `https://${domain}` : adapter.careersUrl(board),
    ...(domain ? { domain } : {}),
    logoUrl: '',
    industry: '',
    employeeCountRange: '',
    createdAt: existing?.createdAt ?? at,
    updatedAt: at,
  };
}

/** Whether the stored company already says all this (then nothing is written). */
export function sameCompany(db: Database, c: CompanyRecord): boolean {
  const row = db
    .prepare<[string], { slug: string; name: string; website: string; domain: string | null }>(
      'SELECT slug, name, website, domain FROM companies WHERE id = ?',
    )
    .get(c.id);
  return (
    !!row &&
    row.slug === c.slug &&
    row.name === c.name &&
    row.website === c.website &&
    (row.domain ?? undefined) === c.domain
  );
}
