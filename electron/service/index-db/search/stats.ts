import type { Database, Statement } from 'better-sqlite3';
import { fold } from '#shared/text/fold';
import { getMeta } from '../meta.js';

/** What the planner knows about the index: counts per facet value and percentiles of ranges. */
export class IndexStats {
  private version: string | undefined;
  private active = 0;
  private facets = new Map<string, number>();
  private quantiles = new Map<string, number[]>();
  private salaryShare = 1;
  private readonly companyCount: Statement<[string], number>;

  constructor(private readonly db: Database) {
    this.companyCount = db.prepare<[string], number>('SELECT active_job_count FROM companies WHERE slug = ?').pluck();
  }

  /** Reloads when the index changed since the last call (cheap otherwise). */
  refresh(): this {
    const v = getMeta(this.db, 'index_version');
    if (v === this.version) return this;
    this.version = v;
    this.facets.clear();
    this.quantiles.clear();
    for (const r of this.db
      .prepare<[], { field: string; value: string; count: number }>('SELECT field, value, count FROM facet_counts')
      .all()) {
      this.facets.set(`${r.field}\u0000${r.field === 'city' ? fold(r.value) : r.value}`, r.count);
    }
    this.active = Number(getMeta(this.db, 'active_jobs') ?? 0);
    let withSalary = 0;
    for (const [k, c] of this.facets) if (k.startsWith('salaryCurrency\u0000')) withSalary += c;
    this.salaryShare = withSalary / this.activeJobs;
    for (const r of this.db
      .prepare<[], { field: string; value: number }>('SELECT field, value FROM quantiles ORDER BY field, q')
      .all()) {
      const list = this.quantiles.get(r.field) ?? [];
      list.push(r.value);
      this.quantiles.set(r.field, list);
    }
    return this;
  }

  get activeJobs(): number {
    return Math.max(1, this.active);
  }

  /** Share of active jobs with this facet value (0..1). */
  facetShare(field: string, value: string): number {
    if (field === 'companyId') {
      const n = this.companyCount.get(value) ?? 0;
      return n / this.activeJobs;
    }
    const key = `${field}\u0000${field === 'city' ? fold(value) : value}`;
    return (this.facets.get(key) ?? 0) / this.activeJobs;
  }

  /** Share of active jobs whose `field` is ≥ `value` (or ≤ with `below`), from percentiles. */
  rangeShare(field: string, value: number, below = false): number {
    const q = this.quantiles.get(field);
    if (!q || q.length === 0) return 1;
    let i = 0;
    while (i < q.length && q[i]! < value) i++;
    // Jobs with no value in this column (no salary) are a share of their own.
    const present = field.startsWith('salary') || field.startsWith('pay') ? this.salaryShare : 1;
    const atLeast = (q.length - i) / q.length;
    return Math.max(1 / this.activeJobs, present * (below ? 1 - atLeast : atLeast));
  }
}
