/**
 * Postings a board maps and writes at a time (docs/decisions/crawl.md § Answer size). A board's
 * mapped jobs, their copies to a mapping thread and back, and its write transaction then follow
 * this, not the board's size. Most boards are one slice, mapped whole before their turn to write.
 */
export const WRITE_SLICE = 500;
/** And at most this many characters of description per slice (a hostile board's are 200,000 each). */
export const WRITE_SLICE_CHARS = 8_000_000;

/**
 * `items` in slices of at most `size` and at most `maxWeight` in total (a heavier item is a slice
 * of its own), in order; always at least one (an empty board is one empty slice).
 */
export function slicesOf<T>(
  items: readonly T[],
  weigh: (item: T) => number = () => 0,
  size = WRITE_SLICE,
  maxWeight = WRITE_SLICE_CHARS,
): T[][] {
  const out: T[][] = [];
  let slice: T[] = [];
  let weight = 0;
  for (const item of items) {
    const w = weigh(item);
    if (slice.length > 0 && (slice.length >= size || weight + w > maxWeight)) {
      out.push(slice);
      slice = [];
      weight = 0;
    }
    slice.push(item);
    weight += w;
  }
  out.push(slice);
  return out;
}

/**
 * The promise, marked handled: a slice prepared ahead may fail while the one before it is being
 * written; its failure is then thrown where it is awaited, never as an unhandled rejection.
 */
export function settled<T>(p: Promise<T>): Promise<T> {
  p.catch(() => {});
  return p;
}

/** Characters of description over `postings`: what mapping them copies and parses. */
export function descriptionChars(postings: ReadonlyArray<{ descriptionHtml: string }>): number {
  let n = 0;
  for (const p of postings) n += p.descriptionHtml.length;
  return n;
}
