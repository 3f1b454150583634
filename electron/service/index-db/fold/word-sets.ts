/**
 * Words held over all cached sets before the cache starts again (docs/decisions/folding.md,
 * "The word cache"). A count of entries alone let a crawl hold 20,000 sets: its heap grew with
 * every posting written (issue 32).
 */
export const WORDS_MAX = 1_000_000;

/**
 * Description word sets by row id, about `maxWords` words in all (all are let go once held words
 * or the vocabulary reach it). Each word is held once over all sets, as a copy of its own: a word
 * cut from a description's text (a sliced string) would keep that whole text alive.
 */
export class WordSets {
  private readonly sets = new Map<number, Set<string>>();
  private readonly vocabulary = new Map<string, string>();
  private words = 0;

  constructor(private readonly maxWords = WORDS_MAX) {}

  get(rid: number): Set<string> | undefined {
    return this.sets.get(rid);
  }

  delete(rid: number): void {
    const s = this.sets.get(rid);
    if (!s) return;
    this.words -= s.size;
    this.sets.delete(rid);
  }

  /** Holds `words` for `rid` (a set of the shared copies); returns it. */
  set(rid: number, words: Iterable<string>): Set<string> {
    this.delete(rid);
    // The vocabulary keeps words of sets let go since: it is bounded too.
    if (this.words >= this.maxWords || this.vocabulary.size >= this.maxWords) this.clear();
    const held = new Set<string>();
    for (const w of words) held.add(this.shared(w));
    this.sets.set(rid, held);
    this.words += held.size;
    return held;
  }

  /** Words held over all sets. */
  get size(): number {
    return this.words;
  }

  private clear(): void {
    this.sets.clear();
    this.vocabulary.clear();
    this.words = 0;
  }

  private shared(w: string): string {
    let v = this.vocabulary.get(w);
    if (v === undefined) {
      v = ownCopy(w);
      this.vocabulary.set(v, v);
    }
    return v;
  }
}

/** A flat string of its own: V8 cuts words of 13 characters or more as slices of their text. */
function ownCopy(w: string): string {
  return w.length < 13 ? w : Buffer.from(w, 'utf8').toString('utf8');
}
