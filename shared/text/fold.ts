/** Case- and accent-insensitive form used for matching names (cities, companies, occupations). */
export function fold(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** A URL slug: folded, non-alphanumerics collapsed to single dashes. */
export function slugify(s: string): string {
  return fold(s)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Words as SQLite's unicode61 tokenizer sees them: runs of letters, digits and marks. */
export function words(s: string): string[] {
  return fold(s).match(/[\p{L}\p{N}]+/gu) ?? [];
}
