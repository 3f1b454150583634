import type { Database, Statement } from 'better-sqlite3';
import type { JobQuery } from '#shared/rules/job-query';
import { cursorSecret } from '../meta.js';
import { CARD_COLUMNS, cardRowOf, type CardRow } from './card-row.js';
import { CursorCodec, queryDigest, type CursorPosition } from './cursor.js';
import { filterParts, type CompanyResolver, type FilterParts, type RangeCond } from './filter-parts.js';
import { SORT_ORDERS, keysetAfter, orderBy, type Order } from './orders.js';
import { IndexStats } from './stats.js';
import { ridFloor } from '../write/rid.js';
import { PAY_KEY_SPAN, groupFloor, payFloorCover, payGroup } from './pay-key.js';
import { readExchangeRates } from '../read/exchange-rates.js';
import { verifyJob } from './term-match.js';
import { FoldHeads, type MatchConds, type RoleFold, type WalkedRow } from './fold-heads.js';
import type { PlaceParts } from '../write/place-words.js';
import { unpackDescription } from '../description-blob.js';
import {
  VERIFY_FN,
  anyText,
  hasFts,
  parseText,
  relevanceTiers,
  textConditions,
  type Completions,
  type TextQuery,
} from './text-query.js';

/** Where a page of jobs ended: rid, the order's key, and the relevance tier. */
interface JobPosition extends CursorPosition {
  rid: number;
  key?: number | string;
  tier?: number;
}

function isJobPosition(p: CursorPosition): p is JobPosition {
  return (
    Number.isSafeInteger(p.rid) &&
    (p.tier === undefined || (Number.isInteger(p.tier) && (p.tier as number) >= 0 && (p.tier as number) < 3)) &&
    (p.key === undefined || typeof p.key === 'number' || typeof p.key === 'string')
  );
}

export interface JobPage {
  /** `role`: with `fold`, the role each row stands for (fold-heads.ts). */
  rows: Array<WalkedRow & { role?: RoleFold }>;
  hasMore: boolean;
  nextCursor?: string;
  /** The plan of each query run, for benchmarks and tests. */
  plans: string[];
}

// Per-row costs (µs) of each way of reading rows, measured on the 1M bench index (rows visited,
// not returned); only their ratios matter. See docs/decisions/search-design.md.
// ftsDecode is per match of a facet-only walk newest-first (docs/decisions/search-design.md).
const COST = { ftsWalk: 1.2, ftsDecode: 0.05, tableWalk: 0.5, indexWalk: 3, exists: 12, materialize: 3 } as const;

/**
 * Jobs and companies the person keeps out of results (hidden, reported expired, blocked). The
 * index knows nothing of the user file: the app hands these in, and they become SQL conditions
 * of every page, so page sizes and cursors stay right (docs/decisions/hidden-and-blocked.md).
 */
export interface SearchExclusions {
  jobIds: readonly string[];
  companySlugs: readonly string[];
}

export type Plan =
  | { kind: 'fts-walk' }
  | { kind: 'table-walk' }
  | { kind: 'index-walk' }
  /** `matches`: how many jobs the text and facets match, counted up to a cap (a lower bound). */
  | { kind: 'bounded-walk'; matches: number }
  | { kind: 'fts-materialize' }
  | { kind: 'range-materialize'; range: RangeCond }
  /** "Highest pay" read from job_pay_search, whose rowids follow the pay order (payWalk). */
  | { kind: 'pay-walk' }
  /** "Posted" with text, read newest-discovered first from FTS5 and stopped by age (postedWalk). */
  | { kind: 'posted-walk' };

export interface JobSearchOptions {
  /** Forces a plan (tests compare every plan's answers; benchmarks compare their speed). */
  forcePlan?: Plan['kind'] | undefined;
  /** Read at every page, so a job hidden a moment ago is gone from the next page asked for. */
  exclusions?: () => SearchExclusions | undefined;
  /** Index entries a bounded walk reads before it falls back (boundedWalk); tests make it small. */
  walkBudget?: number;
  /** Matches a posted walk reads before other plans take over (postedWalk); tests make it small. */
  postedWalkBudget?: number;
}

const WALK_BUDGET = 400;

/** Matches a posted walk reads before it leaves the page to the other plans (postedWalk). */
const POSTED_WALK_BUDGET = 2_000;

/** The most rows a folded page reads at once while looking for heads. */
const FOLD_CHUNK_MAX = 400;

/** Where the next page starts after `row`. */
function positionOf(row: WalkedRow, order: Order): JobPosition {
  const p: JobPosition = { rid: row.rid };
  if (row.tier !== undefined) p.tier = row.tier;
  if (order.col) p.key = row[order.col];
  return p;
}

/**
 * JobsService.List over the index: keyset pages in the five sorts, with text and filters
 * answered inside FTS5 where possible and a small cost model choosing how to read.
 */
export class JobSearch {
  private readonly stats: IndexStats;
  private readonly codec: CursorCodec;
  private readonly statements = new Map<string, Statement>();

  private readonly completions: Completions;
  private readonly companies: CompanyResolver;
  private readonly slugOfCompanyId: Statement<{ id: string }, string>;
  private readonly heads: FoldHeads;

  constructor(
    private readonly db: Database,
    private readonly opts: JobSearchOptions = {},
  ) {
    this.stats = new IndexStats(db);
    this.codec = new CursorCodec(cursorSecret(db));
    this.heads = new FoldHeads(db);
    const terms = db
      .prepare<{ p: string; max: number }, string>(
        'SELECT term FROM search_terms WHERE term >= @p AND term < @p || char(1114111) ORDER BY docs DESC LIMIT @max',
      )
      .pluck();
    this.completions = (p, max) => terms.all({ p, max: max + 1 });
    const companies = db.prepare<
      { phrase: string; max: number },
      { slug: string; jobs: number }
    >(`SELECT c.slug, c.active_job_count AS jobs FROM company_search s
      JOIN companies c ON c.cid = s.rowid WHERE company_search MATCH @phrase LIMIT @max`);
    this.companies = (phrase, max) => companies.all({ phrase, max: max + 1 });
    this.slugOfCompanyId = db
      .prepare<{ id: string }, string>(
        'SELECT slug FROM companies WHERE id = @id AND NOT EXISTS (SELECT 1 FROM companies WHERE slug = @id)',
      )
      .pluck();
    let lastSpec: [string, Parameters<typeof verifyJob>[0]] | undefined;
    db.function(VERIFY_FN, { deterministic: true }, (spec, title, company, html, places) => {
      if (lastSpec?.[0] !== spec) lastSpec = [spec as string, JSON.parse(spec as string)];
      const where = JSON.parse((places as string | null) ?? '[]') as PlaceParts[];
      // Unpacked only if the title, company or places leave a term undecided.
      const text = () => unpackDescription(html as string | Buffer | null);
      return verifyJob(lastSpec![1], title as string, company as string, text, where) ? 1 : 0;
    });
  }

  list(query: JobQuery, cursorField = 'query.cursor', scope = 'jobs.list'): JobPage {
    this.stats.refresh();
    const q = this.bySlug(query);
    // A folded walk has cursors of its own: its pages hold other rows (folding.md).
    const digest = queryDigest({ scope, t: q.text ?? null, f: q.filters, s: q.sort, ...(q.fold ? { fold: 1 } : {}) });
    const pos = q.cursor ? this.codec.decode(q.cursor, digest, cursorField, isJobPosition) : undefined;
    const { text, parts } = this.conditions(q);
    const want = q.limit + 1;
    const plans: string[] = [];
    const order = SORT_ORDERS[q.sort];
    const tiers = q.sort === 'relevance' && text ? relevanceTiers(text) : undefined;
    const walk = (after: JobPosition | undefined, n: number) => this.walk(order, tiers, text, parts, after, n, plans);
    const rows = q.fold
      ? this.foldedWalk(order, { parts, text: text && anyText(text), tiers }, walk, pos, want)
      : walk(pos, want);

    const hasMore = rows.length > q.limit;
    const page = rows.slice(0, q.limit);
    const result: JobPage = { rows: page, hasMore, plans };
    const last = page.at(-1);
    if (hasMore && last) result.nextCursor = this.codec.encode(positionOf(last, order), digest);
    return result;
  }

  /** Up to `n` rows after `after` in the query's order (relevance: tier by tier). */
  private walk(
    order: Order,
    tiers: string[] | undefined,
    text: TextQuery | undefined,
    parts: FilterParts,
    after: JobPosition | undefined,
    n: number,
    plans: string[],
  ): WalkedRow[] {
    const rows: WalkedRow[] = [];
    if (parts.facetShare <= 0) return rows;
    if (!tiers) return this.page(order, text && anyText(text), parts, after, n, plans);
    for (let t = after?.tier ?? 0; t < tiers.length && rows.length < n; t++) {
      const from = after && t === (after.tier ?? 0) ? after : undefined;
      for (const r of this.page(order, tiers[t], parts, from, n - rows.length, plans)) rows.push({ ...r, tier: t });
    }
    return rows;
  }

  /**
   * The heads of `want` roles after `pos` (fold-heads.ts): the ordinary walk, read in growing
   * chunks, keeping each row that no earlier matching posting of its role stands for.
   */
  private foldedWalk(
    order: Order,
    match: MatchConds,
    walk: (after: JobPosition | undefined, n: number) => WalkedRow[],
    pos: JobPosition | undefined,
    want: number,
  ): JobPage['rows'] {
    const heads: JobPage['rows'] = [];
    let after = pos;
    let ask = want;
    for (;;) {
      const got = walk(after, ask);
      const roles = this.heads.roles(got, order, match);
      for (let i = 0; i < got.length && heads.length < want; i++) {
        const role = roles[i];
        if (role) heads.push({ ...got[i]!, role });
      }
      if (heads.length >= want || got.length < ask) return heads;
      after = positionOf(got.at(-1)!, order);
      ask = Math.min(ask * 2, FOLD_CHUNK_MAX);
    }
  }

  /**
   * Every active job a query matches (any relevance tier, the filters, the exclusions) as SQL over
   * `jobs j`, for counting (job-facets.ts); undefined when a filter can match nothing.
   */
  matching(query: Pick<JobQuery, 'text' | 'filters'>): MatchingJobs | undefined {
    this.stats.refresh();
    const { text, parts } = this.conditions(this.bySlug(query));
    if (parts.facetShare <= 0) return undefined;
    const any = text && anyText(text);
    const ftsParts = any ? [any, ...parts.fts] : parts.fts;
    const params: Record<string, unknown> = { ...parts.params };
    const ranges = parts.ranges.map((r) => r.sql);
    const estimate = this.stats.activeJobs * parts.facetShare * parts.ranges.reduce((p, r) => p * r.share, 1);
    if (ftsParts.length) {
      params.match = ftsParts.map((p) => `(${p})`).join(' AND ');
      const conds = ['s.job_search MATCH @match', ...parts.ftsMissing, ...parts.excluded, ...ranges];
      return {
        from: `job_search s CROSS JOIN jobs j ON j.rid = s.rowid WHERE ${conds.join(' AND ')}`,
        params,
        filtered: true,
        estimate,
      };
    }
    const conds = ["j.status = 'active'", ...parts.rowConds, ...parts.excluded, ...ranges];
    return { from: `jobs j WHERE ${conds.join(' AND ')}`, params, filtered: conds.length > 1, estimate };
  }

  /**
   * What a query asks, as the conditions every reader applies: the list's walk, its fold heads and
   * the counts (matching) build them here, so a count counts exactly what the list shows
   * (docs/decisions/folded-counts.md). `text`: the text FTS5 can find, when it can.
   */
  private conditions(q: Pick<JobQuery, 'text' | 'filters'>): { text: TextQuery | undefined; parts: FilterParts } {
    const parsed = parseText(q.text, this.completions);
    const rates = q.filters.payCurrency ? readExchangeRates(this.db) : undefined;
    const parts = filterParts(q.filters, this.stats, this.companies, rates);
    excluded(this.opts.exclusions?.(), parts);
    if (parsed) parts.excluded.push(...textConditions(parsed, parts.params));
    return { text: parsed && hasFts(parsed) ? parsed : undefined, parts };
  }

  /**
   * `companyId` is matched against the company slug (the spec); the canonical company id that
   * CompaniesService answers with names the same company, as it does for CompaniesService.Get.
   */
  private bySlug<Q extends Pick<JobQuery, 'filters'>>(q: Q): Q {
    const id = q.filters.companyId;
    const slug = id === undefined ? undefined : this.slugOfCompanyId.get({ id });
    return slug === undefined ? q : { ...q, filters: { ...q.filters, companyId: slug } };
  }

  private page(
    order: Order,
    text: string | undefined,
    parts: FilterParts,
    after: JobPosition | undefined,
    n: number,
    plans: string[],
  ): CardRow[] {
    const ftsParts = text ? [text, ...parts.fts] : parts.fts;
    const match = ftsParts.length ? ftsParts.map((p) => `(${p})`).join(' AND ') : undefined;
    // Text, and a payMax, under "Highest pay" are read in pay order while the page is among jobs with a pay.
    const forced = this.opts.forcePlan;
    const inPay = !after || (after.key as number) >= 0;
    // A payMax reads the pay-floor cells below it (pay-key.ts), so FTS5 skips the jobs whose range starts above it.
    const cover =
      order.col === 'pay_sort' && parts.params.payMax !== undefined
        ? payFloorCover(parts.params.payMax as number)
        : undefined;
    const payMatch = [match, cover]
      .filter(Boolean)
      .map((m) => `(${m})`)
      .join(' AND ');
    if (order.col === 'pay_sort' && payMatch && inPay && (forced === 'pay-walk' || (!forced && (text || cover)))) {
      return this.payWalk(order, text, payMatch, parts, after, n, plans);
    }
    if (order.col === 'posted_sort' && text && match && (forced === 'posted-walk' || !forced)) {
      const rows = this.postedWalk(order, match, parts, after, n, forced === 'posted-walk');
      if (rows) {
        plans.push('posted-walk');
        return rows;
      }
    }
    const plan = this.choose(order, text, match, parts, n);
    if (plan.kind === 'bounded-walk')
      return this.boundedWalk(order, text!, match!, plan.matches, parts, after, n, plans);
    if (plan.kind === 'pay-walk' || plan.kind === 'posted-walk') throw new Error(`${plan.kind} is chosen in page()`);
    plans.push(plan.kind === 'range-materialize' ? `${plan.kind}:${plan.range.index}` : plan.kind);
    return this.read(plan, order, text, match, parts, after, n);
  }

  /**
   * "Highest pay" from job_pay_search (migration 0010): its rowids fall with the pay group
   * (pay-key.ts), so FTS5 reads the matches of text and facets from the best paid down and stops
   * once it has `n` and has finished the group of the n-th; the jobs rows then order them
   * exactly. Jobs without a comparable pay come last, read by the other plans from the boundary.
   * `match` holds the text, the facets and a payMax's pay-floor cells (pay-key.ts).
   */
  private payWalk(
    order: Order,
    text: string | undefined,
    match: string,
    parts: FilterParts,
    after: JobPosition | undefined,
    n: number,
    plans: string[],
  ): CardRow[] {
    const params: Record<string, unknown> = { ...parts.params, match };
    const conds = [
      'p.job_pay_search MATCH @match',
      ...parts.ftsMissing,
      ...parts.excluded,
      ...parts.ranges.map((r) => r.sql),
    ];
    if (after) {
      Object.assign(params, {
        afterRid: after.rid,
        afterKey: after.key,
        keyBelow: (payGroup(after.key as number) + 1) * PAY_KEY_SPAN,
      });
      conds.push('p.rowid < @keyBelow', keysetAfter(order));
    }
    const payMin = parts.params.payMin;
    if (payMin !== undefined) {
      params.keyFrom = groupFloor(Math.max(0, payMin as number));
      conds.push('p.rowid >= @keyFrom');
    }
    const walk = this.statement(
      `SELECT ${CARD_COLUMNS} FROM job_pay_search p CROSS JOIN jobs j ON j.pay_rowid = p.rowid
      WHERE ${conds.join(' AND ')} ORDER BY p.rowid DESC`,
    ).raw(true);
    const got: CardRow[] = [];
    let edge: number | undefined;
    for (const raw of walk.iterate(params) as IterableIterator<unknown[]>) {
      const row = cardRowOf(raw);
      const group = payGroup(row.pay_sort);
      if (edge !== undefined && group < edge) break;
      if (got.push(row) === n) edge = group;
    }
    const rows = got.sort((a, b) => b.pay_sort - a.pay_sort || b.rid - a.rid).slice(0, n);
    plans.push('pay-walk');
    // Pay filters keep no job without a pay.
    if (rows.length >= n || payMin !== undefined || parts.params.payMax !== undefined) return rows;
    return [
      ...rows,
      ...this.page(order, text, parts, { rid: Number.MAX_SAFE_INTEGER, key: -1 }, n - rows.length, plans),
    ];
  }

  /**
   * "Posted" with text, read newest-discovered first inside FTS5 (its own order): a posting's age
   * is never after its discovery (posting-age.md), and the rid orders discovery by the second, so
   * once `n` rows are held and the walk reaches postings discovered before the n-th one's age,
   * no later posting can enter the page. Undefined when that bound is not reached within
   * POSTED_WALK_BUDGET matches (a board first read today with old board dates): the other
   * plans answer then. `whole`: no budget (the forced plan of tests).
   */
  private postedWalk(
    order: Order,
    match: string,
    parts: FilterParts,
    after: JobPosition | undefined,
    n: number,
    whole: boolean,
  ): CardRow[] | undefined {
    const params: Record<string, unknown> = { ...parts.params, match };
    const conds = [
      's.job_search MATCH @match',
      ...parts.ftsMissing,
      ...parts.excluded,
      ...parts.ranges.map((r) => r.sql),
    ];
    if (params.ridMin !== undefined) conds.push('s.rowid >= @ridMin');
    if (after) {
      Object.assign(params, { afterRid: after.rid, afterKey: after.key });
      conds.push(keysetAfter(order));
    }
    const walk = this.statement(
      `SELECT ${CARD_COLUMNS} FROM job_search s CROSS JOIN jobs j ON j.rid = s.rowid WHERE ${conds.join(' AND ')} ORDER BY s.rowid DESC`,
    ).raw(true);
    const best: CardRow[] = [];
    let read = 0;
    for (const raw of walk.iterate(params) as IterableIterator<unknown[]>) {
      const row = cardRowOf(raw);
      const nth = best.length === n ? best[n - 1]! : undefined;
      if (nth && row.rid < ridFloor(nth.posted_sort)) break;
      if (!whole && ++read > (this.opts.postedWalkBudget ?? POSTED_WALK_BUDGET)) return undefined;
      if (nth && (row.posted_sort < nth.posted_sort || (row.posted_sort === nth.posted_sort && row.rid < nth.rid)))
        continue;
      let i = best.length;
      while (
        i > 0 &&
        (best[i - 1]!.posted_sort < row.posted_sort ||
          (best[i - 1]!.posted_sort === row.posted_sort && best[i - 1]!.rid < row.rid))
      )
        i--;
      best.splice(i, 0, row);
      if (best.length > n) best.pop();
    }
    return best;
  }

  /**
   * An ordered walk with text, bounded: reads at most `walkBudget` entries of the order's index
   * (cheap: the facets ride in it), checks the text on those, and when they hold fewer than `n`
   * matches goes on after the last entry read by whichever is cheaper at the density it saw:
   * the walk, or the matches themselves (materialized). So text that is rare near the top of the
   * order ("nurse" under "Highest pay") costs one materialization instead of a walk through every
   * better-paid job, and text that is merely sparse keeps walking.
   */
  private boundedWalk(
    order: Order,
    text: string,
    match: string,
    matches: number,
    parts: FilterParts,
    after: JobPosition | undefined,
    n: number,
    plans: string[],
  ): CardRow[] {
    const col = order.col!;
    const params: Record<string, unknown> = { ...parts.params, text, budget: this.opts.walkBudget ?? WALK_BUDGET };
    const conds = ["j.status = 'active'", ...parts.rowConds, ...parts.excluded, ...parts.ranges.map((r) => r.sql)];
    if (after) {
      Object.assign(params, { afterRid: after.rid, afterKey: after.key });
      conds.push(keysetAfter(order));
    }
    // Read in the subquery's order (the index's), stopping at the n-th match.
    const walk = this.statement(
      `SELECT w.rid, w.k, EXISTS (SELECT 1 FROM job_search s WHERE s.job_search MATCH @text AND s.rowid = w.rid) AS hit
      FROM (SELECT j.rid, j.${col} AS k FROM jobs j INDEXED BY ${order.index} WHERE ${conds.join(' AND ')} ORDER BY ${orderBy(order)} LIMIT @budget) w`,
    ).raw(true);
    const hits: number[] = [];
    let read = 0;
    let last: [number, number | string] | undefined;
    for (const [rid, key, hit] of walk.iterate(params) as IterableIterator<[number, number | string, number]>) {
      read++;
      last = [rid, key];
      if (hit === 1 && hits.push(rid) === n) break;
    }
    const rows = hits.length
      ? (
          this.statement(
            `SELECT ${CARD_COLUMNS} FROM jobs j WHERE j.rid IN (SELECT value FROM json_each(@rids)) ORDER BY ${orderBy(order)}`,
          )
            .raw(true)
            .all({ rids: JSON.stringify(hits) }) as unknown[][]
        ).map(cardRowOf)
      : [];
    if (rows.length >= n || read < (this.opts.walkBudget ?? WALK_BUDGET) || !last) {
      plans.push('bounded-walk');
      return rows;
    }
    const rest = n - rows.length;
    const walkCost = hits.length ? (rest * read * COST.exists) / hits.length : Infinity;
    const then = walkCost < matches * COST.materialize ? 'index-walk' : 'fts-materialize';
    plans.push(`bounded-walk+${then}`);
    return [...rows, ...this.read({ kind: then }, order, text, match, parts, { rid: last[0], key: last[1] }, rest)];
  }

  /** One page read by the given plan. */
  private read(
    plan: Exclude<Plan, { kind: 'bounded-walk' | 'pay-walk' | 'posted-walk' }>,
    order: Order,
    text: string | undefined,
    match: string | undefined,
    parts: FilterParts,
    after: JobPosition | undefined,
    n: number,
  ): CardRow[] {
    const params: Record<string, unknown> = { ...parts.params, n };
    const ranges = parts.ranges.map((r) => r.sql);
    const keyset: string[] = [];
    if (after) {
      params.afterRid = after.rid;
      if (order.col) params.afterKey = after.key;
      keyset.push(keysetAfter(order));
    }
    const where = (xs: string[]) => xs.join(' AND ');
    let sql: string;
    if (plan.kind === 'fts-walk' || plan.kind === 'fts-materialize') {
      params.match = match;
      // Rowid bounds are restated on s.rowid so that FTS5 itself skips to them.
      const ftsConds = ['s.job_search MATCH @match'];
      if (after && !order.col) ftsConds.push('s.rowid < @afterRid');
      if (params.ridMin !== undefined) ftsConds.push('s.rowid >= @ridMin');
      sql = `SELECT ${CARD_COLUMNS} FROM job_search s CROSS JOIN jobs j ON j.rid = s.rowid
        WHERE ${where([...ftsConds, ...parts.ftsMissing, ...parts.excluded, ...ranges, ...keyset])} ORDER BY ${order.col ? orderBy(order) : 's.rowid DESC'} LIMIT @n`;
    } else {
      const conds = ["j.status = 'active'", ...parts.rowConds, ...parts.excluded, ...ranges, ...keyset];
      if (text) {
        params.text = text;
        conds.push('EXISTS (SELECT 1 FROM job_search s WHERE s.job_search MATCH @text AND s.rowid = j.rid)');
      }
      const by =
        plan.kind === 'index-walk'
          ? `INDEXED BY ${order.index}`
          : plan.kind === 'table-walk' || plan.range.index === 'rowid'
            ? 'NOT INDEXED'
            : `INDEXED BY ${plan.range.index}`;
      sql = `SELECT ${CARD_COLUMNS} FROM jobs j ${by} WHERE ${where(conds)} ORDER BY ${orderBy(order)} LIMIT @n`;
    }
    return (this.statement(sql).raw(true).all(params) as unknown[][]).map(cardRowOf);
  }

  /** The cheapest way to produce `n` rows, by the cost model above. */
  private choose(
    order: Order,
    text: string | undefined,
    match: string | undefined,
    parts: FilterParts,
    n: number,
  ): Plan {
    const forced = this.opts.forcePlan;
    const N = this.stats.activeJobs;
    const narrowest = parts.ranges.reduce<RangeCond | undefined>(
      (b, r) => (!b || r.share < b.share ? r : b),
      undefined,
    );
    if (forced) {
      if (forced === 'range-materialize')
        return narrowest ? { kind: forced, range: narrowest } : { kind: order.col ? 'index-walk' : 'table-walk' };
      if ((forced === 'fts-walk' || forced === 'fts-materialize') && !match)
        return { kind: order.col ? 'index-walk' : 'table-walk' };
      if (forced === 'fts-walk' && order.col) return { kind: 'fts-materialize' };
      if ((forced === 'index-walk' || forced === 'bounded-walk') && !order.col) return { kind: 'table-walk' };
      if (forced === 'bounded-walk')
        return text && match ? { kind: forced, matches: this.countUpTo(match, 2_000) } : { kind: 'index-walk' };
      if (forced === 'table-walk' && order.col) return { kind: 'index-walk' };
      if (forced === 'pay-walk' || forced === 'posted-walk') return { kind: order.col ? 'index-walk' : 'table-walk' }; // where page() cannot use them
      return { kind: forced } as Plan;
    }
    const perRow = text ? COST.exists : COST.indexWalk;
    const rangeCost = narrowest ? N * narrowest.share * perRow : Infinity;
    // Ranges on the order's own index bound the walk instead of filtering it.
    const filtering = parts.ranges.filter((r) => r.index !== order.index).reduce((p, r) => p * r.share, 1);

    if (!order.col) {
      // Without text, facets can also be checked on the rows of a table walk. Walking a long
      // doclist backwards decodes much of it first, so an FTS walk costs its matches too.
      const ftsCost = match
        ? (n / filtering) * COST.ftsWalk + (text ? 0 : N * parts.facetShare * COST.ftsDecode)
        : Infinity;
      const tableCost = text ? Infinity : (n / (filtering * parts.facetShare)) * COST.tableWalk;
      if (rangeCost < Math.min(ftsCost, tableCost)) return { kind: 'range-materialize', range: narrowest! };
      return { kind: ftsCost < tableCost ? 'fts-walk' : 'table-walk' };
    }
    let matchShare = parts.facetShare;
    let matCost = Infinity;
    let matches = 0;
    if (match) {
      const cap = Math.round(Math.min(50_000, Math.max(2_000, Math.sqrt((n * N * perRow) / COST.materialize))));
      matches = text ? this.countUpTo(match, cap) : Math.min(cap, N * parts.facetShare);
      matchShare = Math.max(matches, 1) / N;
      if (matches < cap) matCost = matches * COST.materialize;
    }
    const walkCost = (n / matchShare / filtering) * perRow;
    const best = Math.min(walkCost, matCost, rangeCost);
    // With text the walk's estimate assumes matches spread evenly along the order; they often do
    // not (few nurses among the best paid), so the walk is bounded and falls back (boundedWalk).
    if (best === walkCost) return text ? { kind: 'bounded-walk', matches } : { kind: 'index-walk' };
    if (best === matCost) return { kind: 'fts-materialize' };
    return { kind: 'range-materialize', range: narrowest! };
  }

  private countUpTo(match: string, cap: number): number {
    return this.statement('SELECT count(*) FROM (SELECT 1 FROM job_search WHERE job_search MATCH @match LIMIT @cap)')
      .pluck()
      .get({ match, cap }) as number;
  }

  private statement(sql: string): Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }
}

/** `SELECT … FROM ${from}` reads the matching jobs as `j`. */
export interface MatchingJobs {
  from: string;
  params: Record<string, unknown>;
  /** False when this is every active job (the precomputed counts answer it). */
  filtered: boolean;
  /** Expected matches, by the planner's shares (independence assumed). */
  estimate: number;
}

/** Adds the exclusions to a page's conditions; each set is one JSON parameter, so statements stay cached. */
function excluded(ex: SearchExclusions | undefined, parts: FilterParts): void {
  if (ex?.jobIds.length) {
    parts.excluded.push('j.id NOT IN (SELECT value FROM json_each(@excludedJobs))');
    parts.params.excludedJobs = JSON.stringify(ex.jobIds);
  }
  if (ex?.companySlugs.length) {
    parts.excluded.push("coalesce(j.company_slug, '') NOT IN (SELECT value FROM json_each(@excludedCompanies))");
    parts.params.excludedCompanies = JSON.stringify(ex.companySlugs);
  }
}
