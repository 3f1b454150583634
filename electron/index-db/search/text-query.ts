import { words } from '../../../shared/text/fold.js';

// Free text → FTS5 query. Every word must match, and a word matches the indexed words that start
// with it ("engineer" finds engineers, engineering; "softw" finds software), so results follow as
// you type. Words are quoted: no user input is ever FTS5 syntax.

/** Indexed words starting with `prefix`, most frequent first; at most `max` + 1 of them. */
export type Completions = (prefix: string, max: number) => string[];

const MAX_EXPANSION = 48;

export interface TextQuery {
  /** `("a" OR "ab") AND "xy"*` */
  terms: string;
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

export function parseText(text: string | undefined, complete: Completions): TextQuery | undefined {
  if (text === undefined) return undefined;
  // A one-letter word would match nearly every job as a prefix (and cost ~150 ms at 1M jobs to
  // say so); while typing "senior e" the useful answer is the one for "senior". So it is ignored.
  const ws = [...new Set(words(text).filter((w) => [...w].length > 1))];
  if (ws.length === 0) return undefined;
  return { terms: ws.map((w) => wordExpr(w, complete)).join(' AND ') };
}

const TITLE = '{title}';
const TITLE_COMPANY = '{title company}';
const ANY_TEXT = '{title company description}';

/**
 * Relevance tiers, best first: every word in the title; else every word in title or company;
 * else anywhere. The column weights of the spec's relevance (title > company > description) as
 * disjoint FTS5 expressions, each walked newest-first (docs/decisions/search-design.md).
 */
export function relevanceTiers(q: TextQuery): string[] {
  return [
    `${TITLE}: (${q.terms})`,
    `(${TITLE_COMPANY}: (${q.terms})) NOT (${TITLE}: (${q.terms}))`,
    `(${ANY_TEXT}: (${q.terms})) NOT (${TITLE_COMPANY}: (${q.terms}))`,
  ];
}

/** All text matches, in any column, for orders other than relevance. */
export function anyText(q: TextQuery): string {
  return `${ANY_TEXT}: (${q.terms})`;
}

/** The company filter: the words of the filter as a phrase within the company name. */
export function companyPhrase(name: string): string | undefined {
  const ws = words(name);
  return ws.length ? `"${ws.join(' ')}"` : undefined;
}
