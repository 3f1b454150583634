import type { UserDb } from './open-user-db.js';
import { Undoable } from './undoable.js';

export interface BlockedCompanyRow {
  company_slug: string;
  company_name: string;
  blocked_at: number;
}

/** Companies whose jobs are kept out of local search results. */
export class BlockedCompanies {
  private readonly lifted = new Undoable<BlockedCompanyRow>(() => this.now());

  constructor(
    private readonly db: UserDb,
    private readonly now: () => number = Date.now,
  ) {}

  block(slug: string, name: string): BlockedCompanyRow {
    return this.put({ company_slug: slug, company_name: name, blocked_at: this.now() });
  }

  private put(row: BlockedCompanyRow): BlockedCompanyRow {
    this.db
      .prepare<[BlockedCompanyRow]>(
        `INSERT INTO blocked_companies (company_slug, company_name, blocked_at)
        VALUES (@company_slug, @company_name, @blocked_at) ON CONFLICT (company_slug) DO NOTHING`,
      )
      .run(row);
    // Just written (or already there): the row exists.
    return this.db
      .prepare<[string], BlockedCompanyRow>('SELECT * FROM blocked_companies WHERE company_slug = ?')
      .get(row.company_slug)!;
  }

  unblock(slug: string): boolean {
    this.lifted.remember(
      slug,
      this.db.prepare<[string], BlockedCompanyRow>('SELECT * FROM blocked_companies WHERE company_slug = ?').get(slug),
    );
    return this.db.prepare('DELETE FROM blocked_companies WHERE company_slug = ?').run(slug).changes > 0;
  }

  /** Blocks again a company this process just unblocked (Undo); undefined when it did not. */
  reblock(slug: string): BlockedCompanyRow | undefined {
    const row = this.lifted.take(slug);
    return row && this.put(row);
  }

  list(): BlockedCompanyRow[] {
    return this.db
      .prepare<[], BlockedCompanyRow>('SELECT * FROM blocked_companies ORDER BY blocked_at DESC, company_slug')
      .all();
  }

  slugs(): string[] {
    return this.db.prepare<[], string>('SELECT company_slug FROM blocked_companies').pluck().all();
  }
}
