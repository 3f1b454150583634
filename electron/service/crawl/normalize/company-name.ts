// A board's company name when the platform states none (Lever, Ashby): the company's own spelling
// of its board token in its postings ("mamamoney" → "Mama Money", "elevenlabs" → "ElevenLabs",
// "moo" → "MOO"), rather than the token title-cased ("Mamamoney", "Elevenlabs", "Moo").
import { decodeHTML } from 'entities';

const escape = (c: string) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The spelling of `token` the texts (titles, description HTML) use most: the token's letters in
 * order, as one whole word or a few (a space, dot or hyphen between letters), with a capital
 * somewhere (all lower case is a URL or an e-mail address). Undefined when no text writes it.
 */
export function nameSpelledInPostings(token: string, texts: string[]): string | undefined {
  const letters = [...token.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')];
  if (letters.length < 2) return undefined;
  const word = new RegExp(
    `(?<![\\p{L}\\p{N}@./])${letters.map(escape).join('[\\s.-]?')}(?![\\p{L}\\p{N}]|\\.\\p{L})`,
    'giu',
  );
  const counts = new Map<string, number>();
  for (const t of texts) {
    const text = decodeHTML(t.replace(/<[^>]*>/g, ' '));
    for (const m of text.matchAll(word)) {
      const s = m[0].replace(/\s+/g, ' ');
      if (/\p{Lu}/u.test(s)) counts.set(s, (counts.get(s) ?? 0) + 1);
    }
  }
  let best: string | undefined;
  for (const [s, n] of counts) if (!best || n > counts.get(best)!) best = s;
  return best;
}
