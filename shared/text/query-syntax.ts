import { fold, words } from './fold.js';

// The search box's query language (docs/decisions/query-language.md): "exact phrase", -word,
// OR between terms, title: and company: to limit a term to one field; everything else is plain
// words. Terms such as c++, c#, .net, node.js and emoji are kept as written ("literals"). Shared
// by the service (which compiles it to FTS5) and the UI (which shows what was understood).

export type Field = 'title' | 'company';

export type Term =
  /** A word; `prefix` when it also matches the longer indexed words it starts. */
  | { kind: 'word'; word: string; prefix: boolean; field?: Field }
  /** Consecutive words, each whole. */
  | { kind: 'phrase'; words: string[]; field?: Field }
  /** Text with symbols (c++, .net, node.js, 🚀), matched as written, case-insensitively. */
  | { kind: 'literal'; text: string; words: string[]; field?: Field };

export interface ParsedQuery {
  /** Every clause must match; a clause matches when any of its terms does (OR). */
  must: Term[][];
  /** No job matching any of these is kept. */
  not: Term[];
  /** Parts of the text that were left out, each with the reason, for the screen. */
  ignored: Array<{ text: string; reason: string }>;
}

const FIELDS: Record<string, Field> = { title: 'title', company: 'company' };
const PICTO = /\p{Extended_Pictographic}/u;
// Symbols people write as part of a term: c++, c#, f#, .net, node.js, asp.net.
const SYMBOLIC = /[+#]|^\.[\p{L}\p{N}]|[\p{L}\p{N}]\.[\p{L}\p{N}]/u;
// Sentence punctuation around a word that is never part of it ("(senior)", "engineer,").
const EDGE = /^[^\p{L}\p{N}.\p{Extended_Pictographic}]+|[^\p{L}\p{N}+#\p{Extended_Pictographic}]+$/gu;

interface Raw {
  text: string;
  negated: boolean;
  field?: Field;
  quoted: boolean;
  /** Whether only spaces follow this term (the person may still be typing it). */
  atEnd: boolean;
}

/** Splits the text into raw terms and OR markers. */
function lex(text: string, ignored: ParsedQuery['ignored']): Array<Raw | 'OR'> {
  const out: Array<Raw | 'OR'> = [];
  let i = 0;
  while (i < text.length) {
    if (/\s/.test(text[i]!)) {
      i++;
      continue;
    }
    const start = i;
    let negated = false;
    let field: Field | undefined;
    if (text[i] === '-' && i + 1 < text.length && !/\s/.test(text[i + 1]!)) {
      negated = true;
      i++;
    }
    const f = /^(title|company):/i.exec(text.slice(i));
    if (f) {
      field = FIELDS[f[1]!.toLowerCase()];
      i += f[0].length;
    }
    if (text[i] === '"') {
      const close = text.indexOf('"', i + 1);
      const end = close < 0 ? text.length : close;
      out.push({
        text: text.slice(i + 1, end),
        negated,
        field,
        quoted: true,
        atEnd: close < 0 || close + 1 >= text.length,
      });
      i = close < 0 ? text.length : close + 1;
      continue;
    }
    let end = i;
    while (end < text.length && !/\s/.test(text[end]!) && text[end] !== '"') end++;
    const word = text.slice(i, end);
    i = end;
    if (word === 'OR' && !negated && !field) {
      out.push('OR');
      continue;
    }
    if (word === '') {
      ignored.push({
        text: text.slice(start, end),
        reason: field ? 'no word after the field name' : 'nothing after the minus',
      });
      continue;
    }
    out.push({ text: word, negated, field, quoted: false, atEnd: text.slice(end).trim() === '' });
  }
  return out;
}

/** The terms one raw piece of text stands for. */
function termsOf(r: Raw, ignored: ParsedQuery['ignored']): Term[] {
  const field = r.field ? { field: r.field } : {};
  if (r.quoted) {
    // "c# developer" is not "c developer": a phrase with symbols is matched as written.
    if (SYMBOLIC.test(r.text) || PICTO.test(r.text)) return [literal(r.text.trim(), field)];
    const ws = words(r.text);
    if (ws.length === 0) {
      if (r.text.trim()) return [literal(r.text, field)];
      ignored.push({ text: '""', reason: 'an empty phrase' });
      return [];
    }
    return ws.length === 1
      ? [{ kind: 'word', word: ws[0]!, prefix: false, ...field }]
      : [{ kind: 'phrase', words: ws, ...field }];
  }
  const core = r.text.replace(EDGE, '');
  if (core && (SYMBOLIC.test(core) || PICTO.test(core))) return [literal(core, field)];
  const ws = words(core);
  if (ws.length === 0) {
    if (r.text.trim()) ignored.push({ text: r.text, reason: 'no letters or digits' });
    return [];
  }
  return ws.flatMap((w, k): Term[] => {
    if ([...w].length === 1 && r.atEnd && k === ws.length - 1 && !r.negated) {
      // While someone types "senior e" the useful answer is the one for "senior": a last
      // one-letter word counts once another word follows it, or in quotes ("c").
      ignored.push({
        text: w,
        reason: 'a one-letter word at the end counts once another word follows it, or in quotes',
      });
      return [];
    }
    // One-letter words match whole (as a prefix, one letter matches nearly every job).
    return [{ kind: 'word', word: w, prefix: [...w].length > 1 && !r.negated, ...field }];
  });
}

function literal(text: string, field: { field?: Field }): Term {
  const t = fold(text).replace(/\uFE0F/g, '');
  return { kind: 'literal', text: t, words: words(t), ...field };
}

/** Reads a query text. Never throws: what cannot be read is listed in `ignored`. */
export function parseQuery(text: string): ParsedQuery {
  const q: ParsedQuery = { must: [], not: [], ignored: [] };
  const tokens = lex(text, q.ignored);
  let joinNext = false;
  tokens.forEach((t, k) => {
    if (t === 'OR') {
      const prev = tokens[k - 1];
      const next = tokens[k + 1];
      const ok = prev && prev !== 'OR' && !prev.negated && next && next !== 'OR' && !next.negated;
      if (!ok) q.ignored.push({ text: 'OR', reason: 'OR needs a word on each side' });
      else if (q.must.length) joinNext = true;
      return;
    }
    const terms = termsOf(t, q.ignored);
    if (t.negated) q.not.push(...terms);
    else if (terms.length === 0) joinNext = false;
    else if (joinNext) {
      // "a OR b c": OR binds the terms next to it; several words of one piece stay together.
      const last = q.must.at(-1)!;
      if (terms.length === 1) last.push(terms[0]!);
      else q.must.push(terms);
      joinNext = false;
    } else for (const term of terms) q.must.push([term]);
  });
  if (q.must.length === 0 && q.not.length === 0) return q;
  return dedupe(q);
}

function dedupe(q: ParsedQuery): ParsedQuery {
  const seen = new Set<string>();
  q.must = q.must.filter((c) => {
    const key = JSON.stringify(c);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return q;
}

/** Whether the query asks for anything. */
export function isEmptyQuery(q: ParsedQuery): boolean {
  return q.must.length === 0 && q.not.length === 0;
}

/** One term as a person would write it. */
export function termText(t: Term): string {
  const f = t.field ? `${t.field}:` : '';
  if (t.kind === 'word') return `${f}${t.prefix ? t.word : `"${t.word}"`}`;
  if (t.kind === 'phrase') return `${f}"${t.words.join(' ')}"`;
  return /\s/.test(t.text) ? `${f}"${t.text}"` : `${f}${t.text}`;
}

/** What the service searched for, in the query language, for "Searching for: …" on screen. */
export function understood(q: ParsedQuery): string {
  const parts = q.must.map((c) => c.map(termText).join(' OR '));
  for (const t of q.not) parts.push(`-${termText(t)}`);
  return parts.join(' ');
}
