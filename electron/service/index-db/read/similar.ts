import type { Database, Statement } from 'better-sqlite3';
import { words } from '#shared/text/fold';
import { CARD_COLUMNS, type CardRow } from '../search/card-row.js';
import { facetToken } from '../search/facet-tokens.js';

export interface SimilarSource {
  rid: number;
  title: string;
  occupation: string | null;
  seniority: string;
}

const CANDIDATES = 200;

/**
 * GetSimilar: active jobs related by title, occupation and seniority. Candidates come from the
 * search index (newest first), then are ranked by a small score (docs/decisions/get-similar.md).
 */
export class SimilarJobs {
  private readonly candidates: Statement<{ match: string; rid: number; n: number }, CardRow>;

  constructor(db: Database) {
    this.candidates = db.prepare<
      { match: string; rid: number; n: number },
      CardRow
    >(`SELECT ${CARD_COLUMNS} FROM job_search s CROSS JOIN jobs j ON j.rid = s.rowid
      WHERE s.job_search MATCH @match AND s.rowid != @rid ORDER BY s.rowid DESC LIMIT @n`);
  }

  find(src: SimilarSource, limit: number): CardRow[] {
    const titleWords = [...new Set(words(src.title).filter((w) => w.length >= 3))];
    const occupation = src.occupation ? `"${facetToken.occupation(src.occupation)}"` : undefined;
    const byTitle = titleWords.length ? `{title}: (${titleWords.map((w) => `"${w}"`).join(' OR ')})` : undefined;
    const queries = [
      byTitle && occupation ? `(${byTitle}) AND {facets}: ${occupation}` : byTitle,
      // Unknown seniority ('') has no token: the occupation alone then.
      occupation
        ? `{facets}: (${occupation}${src.seniority ? ` AND "${facetToken.seniority(src.seniority)}"` : ''})`
        : undefined,
    ].filter((q): q is string => q !== undefined);

    const seen = new Map<number, CardRow>();
    for (const match of queries) {
      for (const row of this.candidates.all({ match, rid: src.rid, n: CANDIDATES })) seen.set(row.rid, row);
    }
    const score = (r: CardRow) => {
      const w = new Set(words(r.title));
      const shared = titleWords.filter((x) => w.has(x)).length;
      const overlap = shared / Math.max(1, new Set([...titleWords, ...w]).size);
      return (
        4 * overlap +
        (src.occupation && r.occupation === src.occupation ? 3 : 0) +
        (src.seniority && r.seniority === src.seniority ? 2 : 0)
      );
    };
    return [...seen.values()]
      .map((r) => ({ r, s: score(r) }))
      .sort((a, b) => b.s - a.s || b.r.rid - a.r.rid)
      .slice(0, limit)
      .map((x) => x.r);
  }
}
