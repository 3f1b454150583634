import type { UserDb } from './open-user-db.js';
import { Undoable } from './undoable.js';

export interface BlockedCompanyRow {
  company_slug: string;
  company_name: string;
  blocked_at: number;
}

/** Companies whose jobs are kept out of local search results. */
export class BlockedCompanies {
  private readonly lifted = new Undoable<BlockedCompanyRow>();

  constructor(
    private readonly db: UserDb,
    private readonly now: () => number = Date.now,
  ) {}

  block(slug: string, name: string): BlockedCompanyRow {
    this.db.prepare('INSERT INTO blocked_companies VALUES (?, ?, ?) ON CONFLICT (company_slug) DO NOTHING').run(slug, name, this.now());
    // Just written (or already there): the row exists.
    return this.db.prepare<[string], BlockedCompanyRow>('SELECT * FROM blocked_companies WHERE company_slug = ?').get(slug)!;
  }

  unblock(slug: string): boolean {
    this.lifted.remember(slug, this.db.prepare<[string], BlockedCompanyRow>('SELECT * FROM blocked_companies WHERE company_slug = ?').get(slug));
    return this.db.prepare('DELETE FROM blocked_companies WHERE company_slug = ?').run(slug).changes > 0;
  }

  /** Blocks again a company this process just unblocked (Undo); undefined when it did not. */
  reblock(slug: string): BlockedCompanyRow | undefined {
    const row = this.lifted.take(slug);
    return row && this.block(row.company_slug, row.company_name);
  }

  list(): BlockedCompanyRow[] {
    return this.db.prepare<[], BlockedCompanyRow>('SELECT * FROM blocked_companies ORDER BY blocked_at DESC, company_slug').all();
  }

  slugs(): string[] {
    return this.db.prepare<[], string>('SELECT company_slug FROM blocked_companies').pluck().all();
  }
}
