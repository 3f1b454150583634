import type { Database, Statement } from 'better-sqlite3';
import { words } from '#shared/text/fold';
import { cursorSecret } from '../meta.js';
import { CursorCodec, queryDigest, type CursorPosition } from '../search/cursor.js';

interface CompanyPosition extends CursorPosition {
  key: string;
  id: string;
}

const isCompanyPosition = (p: CursorPosition): p is CompanyPosition =>
  typeof p.key === 'string' && typeof p.id === 'string';

export interface CompanyRow {
  cid: number;
  id: string;
  slug: string;
  name: string;
  sort_key: string;
  website: string;
  logo_url: string;
  industry: string;
  employee_count_range: string;
  founded_year: number | null;
  active_job_count: number;
  created_at: number;
  updated_at: number;
}

const COLUMNS = `c.cid, c.id, c.slug, c.name, c.sort_key, c.website, c.logo_url, c.industry,
  c.employee_count_range, c.founded_year, c.active_job_count, c.created_at, c.updated_at`;

export interface CompanyPage {
  rows: CompanyRow[];
  hasMore: boolean;
  nextCursor?: string;
}

/** A keyset page's parameters: its size (+1, to tell whether more follow) and where it starts. */
interface PageParams {
  n: number;
  afterKey: string | null;
  afterId: string | null;
}

/** CompaniesService.List and Get over the index: by name, keyset pages, id or slug lookups. */
export class CompanyDirectory {
  private readonly codec: CursorCodec;
  private readonly all: Statement<PageParams, CompanyRow>;
  private readonly matching: Statement<PageParams & { match: string }, CompanyRow>;
  private readonly byIdOrSlug: Statement<{ key: string; slug: string }, CompanyRow>;

  constructor(db: Database) {
    this.codec = new CursorCodec(cursorSecret(db));
    const after = '(@afterKey IS NULL OR c.sort_key > @afterKey OR (c.sort_key = @afterKey AND c.id > @afterId))';
    this.all = db.prepare<PageParams, CompanyRow>(
      `SELECT ${COLUMNS} FROM companies c WHERE ${after} ORDER BY c.sort_key, c.id LIMIT @n`,
    );
    this.matching = db.prepare<PageParams & { match: string }, CompanyRow>(`SELECT ${COLUMNS} FROM companies c
      WHERE c.cid IN (SELECT rowid FROM company_search WHERE company_search MATCH @match) AND ${after}
      ORDER BY c.sort_key, c.id LIMIT @n`);
    this.byIdOrSlug = db.prepare<
      { key: string; slug: string },
      CompanyRow
    >(`SELECT ${COLUMNS} FROM companies c WHERE c.id = @key OR c.slug = @slug OR c.id = @slug
      ORDER BY c.id = @key DESC LIMIT 1`);
  }

  /** Companies whose name has words starting with every word of `text`, by name. */
  list(text: string | undefined, limit: number, cursor: string | undefined, cursorField: string): CompanyPage {
    const digest = queryDigest({ scope: 'companies.list', t: text ?? null });
    const pos = cursor ? this.codec.decode(cursor, digest, cursorField, isCompanyPosition) : undefined;
    const params: PageParams = { n: limit + 1, afterKey: pos?.key ?? null, afterId: pos?.id ?? null };
    const ws = text ? words(text) : [];
    let rows: CompanyRow[];
    if (text !== undefined && ws.length === 0) rows = [];
    else if (ws.length) rows = this.matching.all({ ...params, match: ws.map((w) => `"${w}"*`).join(' AND ') });
    else rows = this.all.all(params);
    const hasMore = rows.length > limit;
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const result: CompanyPage = { rows: page, hasMore };
    if (hasMore && last) result.nextCursor = this.codec.encode({ key: last.sort_key, id: last.id }, digest);
    return result;
  }

  /** By canonical id or by slug (both resolve to the same record); a uuid id in any case, as job ids. */
  get(idOrSlug: string): CompanyRow | undefined {
    return this.byIdOrSlug.get({ key: idOrSlug, slug: idOrSlug.toLowerCase() });
  }
}
