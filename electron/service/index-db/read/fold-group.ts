import type { Database, Statement } from 'better-sqlite3';

/** A stored location of a job, as read for its detail and its fold group. */
export interface LocationRow {
  city: string | null;
  region: string | null;
  country: string | null;
  text: string | null;
  remote: number;
}

/** A posting counts as reopened when an earlier member of its group is at least this much older. */
export const REPOST_GAP_MS = 30 * 86_400_000;

/** What a posting's fold group says of it (docs/decisions/folding.md): evidence, never a verdict. */
export interface FoldEvidence {
  /** Earlier postings of the same role (any status) at least REPOST_GAP_MS older: it was reposted. */
  reposts: number;
  /** The earliest of those postings' age (posted_sort), when there is one. */
  firstPostedAt?: number;
  /** Active postings of its group, itself included. */
  postings: number;
  /** The places of the group's other active postings, in their order, without repeats. */
  places: LocationRow[];
}

export class FoldGroups {
  private readonly earlier: Statement<
    { key: string; rid: number; before: number },
    { n: number; first: number | null }
  >;
  private readonly active: Statement<[string], number>;
  private readonly places: Statement<[string, number], LocationRow>;

  constructor(db: Database) {
    this.earlier = db.prepare(`SELECT count(*) AS n, min(posted_sort) AS first FROM jobs
      WHERE fold_key = @key AND rid != @rid AND posted_sort <= @before`);
    this.active = db
      .prepare<[string], number>("SELECT count(*) FROM jobs WHERE fold_key = ? AND status = 'active'")
      .pluck();
    this.places =
      db.prepare(`SELECT l.city, l.region, l.country, l.text, l.remote FROM jobs j JOIN job_locations l ON l.job_rid = j.rid
      WHERE j.fold_key = ? AND j.rid != ? AND j.status = 'active' ORDER BY j.rid DESC, l.ord`);
  }

  of(rid: number, key: string | null, postedSort: number): FoldEvidence | undefined {
    if (key === null) return undefined;
    const e = this.earlier.get({ key, rid, before: postedSort - REPOST_GAP_MS })!;
    const seen = new Set<string>();
    const places = this.places.all(key, rid).filter((l) => {
      const k = JSON.stringify([l.city, l.region, l.country, l.text, l.remote]);
      return !seen.has(k) && seen.add(k);
    });
    return {
      reposts: e.n,
      ...(e.first !== null ? { firstPostedAt: e.first } : {}),
      postings: this.active.get(key) ?? 0,
      places,
    };
  }
}
