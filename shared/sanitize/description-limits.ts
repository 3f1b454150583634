/**
 * How much of a description is kept, and how deep its tags may nest (docs/decisions/crawl.md §
 * Answer size). Real descriptions are under 60,000 characters and 15 levels; a hostile one (20 MB,
 * 100,000 levels) froze the UI for a minute. Applied at crawl and sync time and again before the
 * renderer parses one.
 */
export const DESCRIPTION_MAX_CHARS = 200_000;
export const DESCRIPTION_MAX_DEPTH = 40;

const VOID = new Set([
  'br',
  'hr',
  'img',
  'input',
  'meta',
  'link',
  'wbr',
  'col',
  'area',
  'base',
  'embed',
  'source',
  'track',
  'param',
]);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*>/g;

/**
 * The description cut to DESCRIPTION_MAX_CHARS and with tags deeper than DESCRIPTION_MAX_DEPTH
 * left out (their text kept). A pass over the markup's text, with no parser and no recursion, so
 * its cost follows the length; a sanitizer still runs after it (this is no safety boundary).
 */
export function boundDescription(
  html: string,
  maxChars = DESCRIPTION_MAX_CHARS,
  maxDepth = DESCRIPTION_MAX_DEPTH,
): string {
  // Flattened before the final cut (a deep wrapper must not push all text past it), from a
  // first cut that bounds the pass itself.
  const text = html.length > maxChars * 10 ? html.slice(0, maxChars * 10) : html;
  const open: Array<{ name: string; kept: boolean }> = [];
  let depth = 0;
  let deep = false;
  const out = text.replace(TAG, (tag, close: string, rawName: string) => {
    const name = rawName.toLowerCase();
    if (VOID.has(name) || tag.endsWith('/>')) return depth >= maxDepth ? '' : tag;
    if (!close) {
      const kept = depth < maxDepth;
      open.push({ name, kept });
      if (kept) depth++;
      else deep = true;
      return kept ? tag : '';
    }
    const at = open.findLastIndex((o) => o.name === name);
    if (at < 0) return tag;
    // Elements left open inside it close with it.
    const closed = open.splice(at);
    depth -= closed.filter((o) => o.kept).length;
    return closed[0]!.kept ? tag : '';
  });
  const flat = deep || text !== html ? out : html;
  return flat.length > maxChars ? flat.slice(0, maxChars) : flat;
}
