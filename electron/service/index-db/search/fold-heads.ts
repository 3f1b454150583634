import type { Database, Statement } from 'better-sqlite3';
import type { LocationRow } from '../read/fold-group.js';
import type { CardRow } from './card-row.js';
import type { FilterParts } from './filter-parts.js';
import type { Order } from './orders.js';

// Folded results (docs/decisions/folding.md § Folded List). A role is shown once, by its first
// matching posting in the asked order (its head); the role's other matching postings are counted
// on it. Whether a row is a head depends only on the query and the row, never on the page, so
// the ordinary keyset cursor pages through heads: nothing is lost or repeated between pages.

/** What a folded result says of its role, among the postings the query matches. */
export interface RoleFold {
  /** Matching active postings of the role, the head included. */
  postings: number;
  /** The other matching postings' places, without repeats, newest posting first. */
  otherLocations: LocationRow[];
}

/** A row as the walk read it: relevance carries its tier. */
export type WalkedRow = CardRow & { tier?: number };

/** How the query matches, as the walk applied it: the same conditions decide who is a member. */
export interface MatchConds {
  parts: FilterParts;
  /** FTS5 expression of the text in any column, when there is text. */
  text?: string | undefined;
  /** Relevance tiers (first match wins), when the order is relevance with text. */
  tiers?: string[] | undefined;
}

interface Member {
  fold_key: string;
  rid: number;
  k: number | string | null;
  tier: number;
}

export class FoldHeads {
  private readonly statements = new Map<string, Statement>();
  private readonly places: Statement<{ rids: string }, LocationRow & { job_rid: number }>;
  private readonly active: Statement<{ foldKeys: string }, { fold_key: string; rid: number }>;

  constructor(private readonly db: Database) {
    this.active = db.prepare(`SELECT fold_key, rid FROM jobs INDEXED BY jobs_by_fold_key
      WHERE fold_key IN (SELECT value FROM json_each(@foldKeys)) AND status = 'active'`);
    this.places = db.prepare(`SELECT l.job_rid, l.city, l.region, l.country, l.text, l.remote FROM job_locations l
      WHERE l.job_rid IN (SELECT value FROM json_each(@rids)) ORDER BY l.job_rid DESC, l.ord`);
  }

  /**
   * For each row: its role when the row is its role's head, undefined when an earlier matching
   * posting of its role (in `order`) stands for it.
   */
  roles(rows: readonly WalkedRow[], order: Order, m: MatchConds): Array<RoleFold | undefined> {
    const keys = [...new Set(rows.map((r) => r.fold_key).filter((k): k is string => k !== null))];
    const byKey = new Map<string, Member[]>();
    const add = (mem: Member) => {
      const list = byKey.get(mem.fold_key);
      if (list) list.push(mem);
      else byKey.set(mem.fold_key, [mem]);
    };
    if (keys.length) {
      // The rows walked match, with their tier and key known: only the groups' other postings
      // are checked against the query, so a role of one posting costs one index probe, no text match.
      const walked = new Map(rows.map((r) => [r.rid, r]));
      const unknown: number[] = [];
      for (const { fold_key, rid } of this.active.all({ foldKeys: JSON.stringify(keys) })) {
        const r = walked.get(rid);
        if (r) add({ fold_key, rid, k: order.col ? r[order.col] : null, tier: r.tier ?? 0 });
        else unknown.push(rid);
      }
      if (unknown.length)
        for (const mem of this.members(order, m).all({
          ...m.parts.params,
          ...textParams(m),
          rids: JSON.stringify(unknown),
        }))
          add(mem);
    }
    const out: Array<RoleFold | undefined> = [];
    const others: number[][] = [];
    for (const r of rows) {
      const group =
        r.fold_key === null ? [] : (byKey.get(r.fold_key) ?? []).filter((x) => x.rid !== r.rid && x.tier >= 0);
      const me: Member = { fold_key: '', rid: r.rid, k: order.col ? r[order.col] : null, tier: r.tier ?? 0 };
      if (group.some((x) => before(x, me, order))) {
        out.push(undefined);
        others.push([]);
        continue;
      }
      out.push({ postings: 1 + group.length, otherLocations: [] });
      others.push(group.map((x) => x.rid).sort((a, b) => b - a));
    }
    const wanted = others.flat();
    if (wanted.length) {
      const at = new Map<number, LocationRow[]>();
      for (const { job_rid, ...l } of this.places.all({ rids: JSON.stringify(wanted) })) {
        const list = at.get(job_rid);
        if (list) list.push(l);
        else at.set(job_rid, [l]);
      }
      out.forEach((role, i) => {
        if (!role) return;
        const seen = new Set<string>();
        for (const rid of others[i]!) {
          for (const l of at.get(rid) ?? []) {
            const key = JSON.stringify([l.city, l.region, l.country, l.text, l.remote]);
            if (!seen.has(key) && seen.add(key)) role.otherLocations.push(l);
          }
        }
      });
    }
    return out;
  }

  /** Which of the given active postings (`@rids`) the query matches (its filters, text and exclusions). */
  private members(order: Order, m: MatchConds): Statement<Record<string, unknown>, Member> {
    const conds = [
      'j.rid IN (SELECT value FROM json_each(@rids))',
      ...m.parts.rowConds,
      ...m.parts.excluded,
      ...m.parts.ranges.map((r) => r.sql),
    ];
    if (m.text)
      conds.push('EXISTS (SELECT 1 FROM job_search s WHERE s.job_search MATCH @foldText AND s.rowid = j.rid)');
    const tier = m.tiers
      ? `CASE ${m.tiers.map((_t, i) => `WHEN EXISTS (SELECT 1 FROM job_search s WHERE s.job_search MATCH @foldTier${i} AND s.rowid = j.rid) THEN ${i}`).join(' ')} ELSE -1 END`
      : '0';
    const sql = `SELECT j.fold_key, j.rid, ${order.col ? `j.${order.col}` : 'NULL'} AS k, ${tier} AS tier
      FROM jobs j WHERE ${conds.join(' AND ')}`;
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s as Statement<Record<string, unknown>, Member>;
  }
}

function textParams(m: MatchConds): Record<string, string> {
  const p: Record<string, string> = {};
  if (m.text) p.foldText = m.text;
  m.tiers?.forEach((t, i) => (p[`foldTier${i}`] = t));
  return p;
}

/** Whether member `a` comes before `b` in the order (every order ends in rid DESC). */
function before(a: Member, b: Member, order: Order): boolean {
  if (a.tier !== b.tier) return a.tier >= 0 && a.tier < b.tier;
  if (order.col && a.k !== b.k) {
    const c = compareKeys(a.k, b.k);
    return order.dir === 'DESC' ? c > 0 : c < 0;
  }
  return a.rid > b.rid;
}

/** As SQLite compares them: numbers by value, text by its UTF-8 bytes (BINARY). */
function compareKeys(a: number | string | null, b: number | string | null): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return Buffer.compare(Buffer.from(a), Buffer.from(b));
  return a === null ? -1 : b === null ? 1 : typeof a === 'number' ? -1 : 1;
}
