// A company name becomes a few board tokens to try: platforms key boards by a slug the employer
// chose, most often the name lower-cased, joined or hyphenated (docs/decisions/sources.md).

// Legal forms that are rarely part of a board token.
const LEGAL = new Set([
  'inc',
  'incorporated',
  'llc',
  'ltd',
  'limited',
  'gmbh',
  'ag',
  'sa',
  'sas',
  'bv',
  'plc',
  'corp',
  'corporation',
  'co',
  'company',
  'pty',
  'oy',
  'ab',
  'srl',
  'spa',
]);
// A typed domain's ending ("monday.com") is not part of the name.
const TLD = /\.(com|io|ai|co|org|net|dev|app|tech|xyz|so|de|fr|uk|co\.uk)$/i;

/** Up to three distinct tokens for a company name, the likeliest first; none for an empty name. */
export function candidateTokens(name: string): string[] {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(TLD, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
  const core = words.length > 1 ? words.filter((w, i) => i === 0 || !LEGAL.has(w)) : words;
  if (core.length === 0) return [];
  const tokens = [core.join(''), core.join('-'), core[0]!];
  return [...new Set(tokens)].slice(0, 3);
}
