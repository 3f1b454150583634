import { parseQuery, type Term } from '#shared/text/query-syntax';
import { foldText, type OracleJob } from './oracle.js';

// The query language's meaning, written plainly over a job's words (docs/decisions/query-language.md).
// The grammar (shared/text/query-syntax.ts) is pinned by its own table in query-syntax.test.ts;
// what its terms match is modelled here without the engine's FTS5 compile, row check or fold.

type Col = 'title' | 'company' | 'description' | 'places';

export interface OracleText {
  title: string;
  company: string;
  description: string;
  /** The words of the job's locations (the writer's place-words.ts), a text of their own. */
  places: string;
}

const colWords = (j: OracleJob, c: Col) =>
  c === 'title' ? j.titleWords : c === 'company' ? j.companyWords : c === 'places' ? j.placeWords : j.descriptionWords;

function hasRun(ws: string[], run: string[]): boolean {
  for (let i = 0; i + run.length <= ws.length; i++) if (run.every((p, k) => ws[i + k] === p)) return true;
  return false;
}

/** A literal as written: not continuing a word where it starts or ends with a letter or digit. */
function hasLiteral(text: string, lit: string): boolean {
  const t = foldText(text).replace(/\uFE0F/g, '');
  const isWordy = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);
  for (let i = t.indexOf(lit); i >= 0; i = t.indexOf(lit, i + 1)) {
    const before = [...t.slice(0, i)].at(-1);
    const after = [...t.slice(i + lit.length)][0];
    if (isWordy(lit[0]) && isWordy(before)) continue;
    const last = [...lit].at(-1)!;
    if (isWordy(last) && isWordy(after)) continue;
    if (/[+#]/.test(last) && after !== undefined && /[+#]/.test(after)) continue;
    return true;
  }
  return false;
}

function termIn(t: Term, j: OracleJob, text: OracleText, c: Col): boolean {
  const ws = colWords(j, c);
  if (t.kind === 'word') return ws.some((w) => w === t.word || (t.prefix && w.startsWith(t.word)));
  if (t.kind === 'phrase') return hasRun(ws, t.words);
  return hasLiteral(text[c], t.text);
}

const cols = (t: Term): Col[] => (t.field ? [t.field] : ['title', 'company', 'description', 'places']);
const matches = (t: Term, j: OracleJob, text: OracleText) => cols(t).some((c) => termIn(t, j, text, c));

/** Where a term's words are (what places a job in a relevance tier): every word, whole, in `cs`. */
function wordsIn(t: Term, j: OracleJob, cs: Col[]): boolean {
  const ws = cs.flatMap((c) => colWords(j, c));
  if (t.kind === 'word') return ws.some((w) => w === t.word || (t.prefix && w.startsWith(t.word)));
  return t.words.every((w) => ws.includes(w));
}

const TIERS: Col[][] = [['title'], ['title', 'company'], ['title', 'company', 'description', 'places']];

/**
 * -1 when the job does not match the text; otherwise its relevance tier, or undefined when the
 * query has no unfielded terms with words to place (then relevance is newest first).
 */
export function textTier(j: OracleJob, text: OracleText, query: string): number | undefined {
  const q = parseQuery(query);
  if (!q.must.every((c) => c.some((t) => matches(t, j, text)))) return -1;
  if (q.not.some((t) => matches(t, j, text))) return -1;
  const placed = q.must.filter((c) => c.every((t) => !t.field && (t.kind === 'word' || t.words.length > 0)));
  const searchable = q.must.some((c) => c.every((t) => t.kind === 'word' || t.words.length > 0));
  if (!searchable) return undefined;
  if (placed.length === 0) return 0;
  return TIERS.findIndex((cs) => placed.every((c) => c.some((t) => wordsIn(t, j, cs))));
}

/** Whether the query asks for anything at all. */
export function hasQuery(query: string): boolean {
  const q = parseQuery(query);
  return q.must.length > 0 || q.not.length > 0;
}
