import type { Database, Statement } from 'better-sqlite3';
import type { CompanyRecord } from '../index-db/records.js';

interface Row {
  cid: number;
  id: string;
  slug: string;
  name: string;
  website: string;
  domain: string | null;
  logo_url: string;
  industry: string;
  employee_count_range: string;
  founded_year: number | null;
  created_at: number;
  updated_at: number;
}

/** The local companies as the writer's records, looked up the ways sync needs. */
export class LocalCompanies {
  private readonly byId: Statement<[string], Row>;
  private readonly bySlug: Statement<[string], Row>;
  private readonly byName: Statement<[string], Row>;

  constructor(db: Database) {
    const cols =
      'cid, id, slug, name, website, domain, logo_url, industry, employee_count_range, founded_year, created_at, updated_at';
    this.byId = db.prepare<[string], Row>(`SELECT ${cols} FROM companies WHERE id = ?`);
    this.bySlug = db.prepare<[string], Row>(`SELECT ${cols} FROM companies WHERE slug = ?`);
    this.byName = db.prepare<[string], Row>(`SELECT ${cols} FROM companies WHERE name = ? LIMIT 2`);
  }

  get(id: string): CompanyRecord | undefined {
    return record(this.byId.get(id));
  }

  withSlug(slug: string): CompanyRecord | undefined {
    return record(this.bySlug.get(slug));
  }

  /** The one company with exactly this name, if there is exactly one. */
  namedUniquely(name: string): CompanyRecord | undefined {
    const rows = this.byName.all(name);
    return rows.length === 1 ? record(rows[0]) : undefined;
  }
}

function record(r: Row | undefined): CompanyRecord | undefined {
  if (!r) return undefined;
  const c: CompanyRecord = {
    id: r.id,
    slug: r.slug,
    name: r.name,
    website: r.website,
    logoUrl: r.logo_url,
    industry: r.industry,
    employeeCountRange: r.employee_count_range,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
  if (r.domain !== null) c.domain = r.domain;
  if (r.founded_year !== null) c.foundedYear = r.founded_year;
  return c;
}
