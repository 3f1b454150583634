import type { Database, Statement } from 'better-sqlite3';
import { words } from '#shared/text/fold';
import { CARD_COLUMNS, type CardRow } from '../search/card-row.js';
import { STOP_WORDS } from '../search/stop-words.js';
import { htmlToText } from '../write/html-text.js';

export interface SimilarSource {
  rid: number;
  title: string;
  occupation: string | null;
  seniority: string;
  /** The description (its words weigh as the title's do, half as much). */
  html?: string;
}

/** A word in more than this share of active jobs says nothing about a role ("manager", "team"). */
export const GENERIC_SHARE = 0.05;
/** A job must share this much of what the source's most distinctive words weigh (or half its title). */
const MIN_SHARE = 0.2;
/** The source's most distinctive words that are looked for, and that a twin would share. */
const KEY_WORDS = 12;
/** Candidates read per key word (newest first), and for the whole title. */
const PER_WORD = 60;
/** A title word weighs this much more than a description word. */
const TITLE_WEIGHT = 2;
/** The description words read (a long posting's tail adds little). */
const DESCRIPTION_WORDS = 3000;

/** The words a job is compared by: three letters or more, no function words, no bare numbers. */
export function similarWords(text: string): string[] {
  return words(text).filter((w) => w.length >= 3 && !STOP_WORDS.has(w) && !/^\d+$/.test(w));
}

/**
 * GetSimilar (docs/decisions/get-similar.md): jobs that share the source's distinctive words,
 * each weighted by how rare it is among active jobs (log N/docs; title words count double), so a
 * "Swag Manager" finds merchandise and brand roles, not every "… Manager" (issue 31 item 10).
 * A job sharing only generic words qualifies when it holds half the source's title or more.
 */
export class SimilarJobs {
  private readonly candidates: Statement<{ match: string; rid: number; n: number }, CardRow>;
  private readonly docs: Statement<[string], number>;
  private readonly active: Statement<[], number>;

  constructor(db: Database) {
    this.candidates = db.prepare<
      { match: string; rid: number; n: number },
      CardRow
    >(`SELECT ${CARD_COLUMNS} FROM job_search s CROSS JOIN jobs j ON j.rid = s.rowid
      WHERE s.job_search MATCH @match AND s.rowid != @rid ORDER BY s.rowid DESC LIMIT @n`);
    // The document counts refreshStats copies from the search index's vocabulary.
    this.docs = db.prepare<[string], number>('SELECT docs FROM search_terms WHERE term = ?').pluck();
    this.active = db
      .prepare<[], number>("SELECT coalesce(CAST(value AS INTEGER), 0) FROM meta WHERE key = 'active_jobs'")
      .pluck();
  }

  find(src: SimilarSource, limit: number): CardRow[] {
    const title = [...new Set(similarWords(src.title))];
    const titleSet = new Set(title);
    const described = src.html ? similarWords(htmlToText(src.html)).slice(0, DESCRIPTION_WORDS) : [];
    const n = Math.max(1, this.active.get() ?? 0);
    // Each word with its weight; generic words are left out. A word no other job holds weighs in
    // what a twin would share (`full`) but is not looked for.
    const weight = new Map<string, number>();
    const held = new Map<string, number>();
    for (const w of [...title, ...described]) {
      if (weight.has(w)) continue;
      const docs = this.docs.get(w) ?? 0;
      if (docs / n > GENERIC_SHARE) continue;
      weight.set(w, Math.log(n / Math.max(1, docs) + 1) * (titleSet.has(w) ? TITLE_WEIGHT : 1));
      held.set(w, docs);
    }
    const ranked = [...weight.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    const full = ranked.slice(0, KEY_WORDS).reduce((sum, [, x]) => sum + x, 0);
    const key = ranked.filter(([w]) => held.get(w)! >= 2).slice(0, KEY_WORDS);

    const seen = new Map<number, { row: CardRow; shared: string[] }>();
    const read = (match: string, word?: string) => {
      for (const row of this.candidates.all({ match, rid: src.rid, n: PER_WORD })) {
        const c = seen.get(row.rid) ?? { row, shared: [] };
        if (word) c.shared.push(word);
        seen.set(row.rid, c);
      }
    };
    for (const [w] of key) read(`{title description}: "${w}"`, w);
    // The whole title (generic words too): "Software Engineer" finds "Senior Software Engineer".
    if (title.length) read(`{title}: (${title.map((w) => `"${w}"`).join(' AND ')})`);

    const scored: Array<{ row: CardRow; s: number }> = [];
    for (const { row, shared } of seen.values()) {
      const theirs = new Set(similarWords(row.title));
      const both = title.filter((w) => theirs.has(w)).length;
      const overlap = both / Math.max(1, new Set([...title, ...theirs]).size);
      // Less than half the title, and too little of what makes the source what it is: not
      // similar (a "Swag Manager" and a "Legal Manager" share only "manager").
      const base = shared.reduce((sum, w) => sum + weight.get(w)!, 0);
      if (overlap < 0.5 && base < MIN_SHARE * full) continue;
      const s =
        shared.reduce((sum, w) => sum + weight.get(w)! * (theirs.has(w) ? TITLE_WEIGHT : 1), 0) +
        // The same title weighs as much as a twin's distinctive words: it ranks above jobs sharing words only.
        overlap * Math.max(full, 4) +
        (src.occupation && row.occupation === src.occupation ? 1 : 0) +
        (src.seniority && row.seniority === src.seniority ? 0.5 : 0);
      scored.push({ row, s });
    }
    return scored
      .sort((a, b) => b.s - a.s || b.row.rid - a.row.rid)
      .slice(0, limit)
      .map((x) => x.row);
  }
}
