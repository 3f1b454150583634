import { words } from '#shared/text/fold';
import { isEmptyQuery, parseQuery, type Term } from '#shared/text/query-syntax';
import type { Verify } from './term-match.js';

// Free text → FTS5 query. Every word must match, and a word matches the indexed words that start
// with it ("engineer" finds engineers, engineering; "softw" finds software), so results follow as
// you type. Words are quoted: no user input is ever FTS5 syntax. The operators people type
// ("phrase", -word, OR, title:) are read by shared/text/query-syntax.ts.

/** Indexed words starting with `prefix`, most frequent first; at most `max` + 1 of them. */
export type Completions = (prefix: string, max: number) => string[];

const MAX_EXPANSION = 48;

export interface TextQuery {
  /** The unfielded terms, `("a" OR "ab") AND "xy"*`; the relevance tiers place these. */
  plain?: string;
  /** Terms limited to a field (`{title}: …`), required in every tier. */
  fielded?: string;
  /** Excluded words, any of which drops a job. */
  not?: string;
  /** Phrases and literals, checked row by row after FTS5 has narrowed (term-match.ts). */
  verify?: Verify;
}

function wordExpr(w: string, complete: Completions): string {
  // Two and three letters have their own FTS5 prefix indexes.
  if (w.length <= 3) return `"${w}"*`;
  // Longer prefixes would make FTS5 merge whole doclists up front; an OR of the words they
  // complete to is merged lazily, newest first, and stops at the page's limit.
  const found = complete(w, MAX_EXPANSION);
  if (found.length === 0 || found.length > MAX_EXPANSION) return `"${w}"*`;
  const all = found.includes(w) ? found : [w, ...found];
  return all.length === 1 ? `"${w}"` : `(${all.map((t) => `"${t}"`).join(' OR ')})`;
}

function termExpr(t: Term, complete: Completions): string | undefined {
  let e: string | undefined;
  if (t.kind === 'word') e = t.prefix ? wordExpr(t.word, complete) : `"${t.word}"`;
  // Their words, each whole; the order and symbols are checked by verifyJob.
  else e = t.words.length ? `(${t.words.map((w) => `"${w}"`).join(' AND ')})` : undefined;
  return e && t.field ? `{${t.field}}: (${e})` : e;
}

const needsCheck = (t: Term) => t.kind !== 'word';
const and = (xs: string[]) => (xs.length ? xs.map((x) => `(${x})`).join(' AND ') : undefined);

/** The query language (shared/text/query-syntax.ts) as FTS5 expressions and row checks. */
export function parseText(text: string | undefined, complete: Completions): TextQuery | undefined {
  if (text === undefined) return undefined;
  const q = parseQuery(text);
  if (isEmptyQuery(q)) return undefined;
  const plain: string[] = [];
  const fielded: string[] = [];
  const not: string[] = [];
  const verify: Verify = { must: [], not: [] };
  for (const clause of q.must) {
    const exprs = clause.map((t) => termExpr(t, complete));
    // A clause with a term FTS5 cannot narrow (an emoji) is left to the row check alone.
    if (exprs.every((e) => e !== undefined)) {
      const e = exprs.length === 1 ? exprs[0]! : exprs.map((x) => `(${x})`).join(' OR ');
      (clause.some((t) => t.field) ? fielded : plain).push(e);
    }
    if (clause.some(needsCheck) || exprs.some((e) => e === undefined)) verify.must.push(clause);
  }
  for (const t of q.not) {
    if (needsCheck(t)) verify.not.push(t);
    else not.push(t.field ? `{${t.field}}: "${t.word}"` : `${ANY_TEXT}: "${t.word}"`);
  }
  const out: TextQuery = {};
  if (plain.length) out.plain = and(plain)!;
  if (fielded.length) out.fielded = and(fielded)!;
  if (not.length) out.not = not.join(' OR ');
  if (verify.must.length || verify.not.length) out.verify = verify;
  return out;
}

/** Whether FTS5 can find the matches (else they come from the row conditions alone). */
export function hasFts(q: TextQuery): boolean {
  return q.plain !== undefined || q.fielded !== undefined;
}

/** The whole of `core` (a tier of the plain terms) with the fielded and excluded terms. */
function withRest(q: TextQuery, core: string | undefined): string {
  const pos = and([core, q.fielded].filter((x): x is string => x !== undefined))!;
  return q.not ? `(${pos}) NOT (${q.not})` : pos;
}

/** SQL conditions on `j` for what FTS5 cannot say: row checks, and exclusions without terms. */
export function textConditions(q: TextQuery, params: Record<string, unknown>): string[] {
  const conds: string[] = [];
  if (q.not && !hasFts(q)) {
    params.textNot = `${q.not}`;
    conds.push('j.rid NOT IN (SELECT rowid FROM job_search WHERE job_search MATCH @textNot)');
  }
  if (q.verify) {
    params.textVerify = JSON.stringify(q.verify);
    conds.push(
      `${VERIFY_FN}(@textVerify, j.title, j.company_name, (SELECT html FROM job_descriptions d WHERE d.rid = j.rid),
        (SELECT json_group_array(json_object('city', city, 'region', region, 'country', country))
           FROM job_locations l WHERE l.job_rid = j.rid))`,
    );
  }
  return conds;
}

export const VERIFY_FN = 'jobindex_verify';

const TITLE = '{title}';
const TITLE_COMPANY = '{title company}';
const ANY_TEXT = '{title company description}';

/**
 * Relevance tiers, best first: every word in the title; else every word in title or company;
 * else anywhere. The column weights of the spec's relevance (title > company > description) as
 * disjoint FTS5 expressions, each walked newest-first (docs/decisions/search-design.md).
 */
export function relevanceTiers(q: TextQuery): string[] {
  const t = q.plain;
  // Without unfielded terms there is nothing to place: one tier.
  if (t === undefined) return [withRest(q, undefined)];
  return [
    `${TITLE}: (${t})`,
    `(${TITLE_COMPANY}: (${t})) NOT (${TITLE}: (${t}))`,
    `(${ANY_TEXT}: (${t})) NOT (${TITLE_COMPANY}: (${t}))`,
  ].map((core) => withRest(q, core));
}

/** All text matches, in any column, for orders other than relevance. */
export function anyText(q: TextQuery): string {
  return withRest(q, q.plain === undefined ? undefined : `${ANY_TEXT}: (${q.plain})`);
}

/** The company filter: the words of the filter as a phrase within the company name. */
export function companyPhrase(name: string): string | undefined {
  const ws = words(name);
  return ws.length ? `"${ws.join(' ')}"` : undefined;
}
