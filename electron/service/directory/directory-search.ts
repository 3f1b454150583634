import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DirectoryEntry } from './directory-file.js';

/** Lower case, accents and punctuation gone: "Zürich-Bank, Inc." → "zurich bank inc". */
export function foldName(s: string): string {
  // Most names are ASCII: skip the Unicode decomposition for them (140k names at start-up).
  if (/^[\x20-\x7e]*$/.test(s))
    return s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface Prepared {
  entry: DirectoryEntry;
  /** The folded name. */
  name: string;
  /** The folded name, with a leading space so " word" finds a word start. */
  words: string;
  /** Name and token with every separator gone: "10x genomics" and "10xgenomics" both match "10xgen". */
  squashed: string;
}

export interface DirectorySearchOptions {
  /** Only boards of this platform. */
  platform?: string;
  /** At most this many (default 50). */
  limit?: number;
}

/**
 * A name search over the directory, answered from memory: every word of the query must start a
 * word of the company's name, or the query (separators removed) must occur in the name or the token.
 * Best first: the exact name, then names that start with the query, then word matches, then the rest;
 * ties go to boards more sources list, then to shorter names.
 */
export class DirectorySearch {
  readonly entries: DirectoryEntry[] = [];
  private readonly rows: Prepared[] = [];

  constructor(entries: Iterable<DirectoryEntry> = []) {
    for (const entry of entries) this.add(entry);
  }

  /**
   * The same search, built a slice of entries at a time with a turn of the event loop between
   * slices: in the app the directory is read on the thread that answers searches, and read at once
   * it held that thread ~1 s (issue 28: no stall over 100 ms).
   */
  static async inTurns(entries: Iterable<DirectoryEntry>, slice = 500): Promise<DirectorySearch> {
    const dir = new DirectorySearch();
    let n = 0;
    for (const entry of entries) {
      dir.add(entry);
      if (++n % slice === 0) await nextTurn();
    }
    return dir;
  }

  private add(entry: DirectoryEntry): void {
    const folded = foldName(entry.name || entry.token);
    this.entries.push(entry);
    this.rows.push({
      entry,
      name: folded,
      words: ` ${folded}`,
      squashed: `${folded.replace(/ /g, '')} ${foldName(entry.token).replace(/ /g, '')}`,
    });
  }

  get size(): number {
    return this.rows.length;
  }

  /** Boards of every platform matching `query`; an empty query matches nothing. */
  search(query: string, o: DirectorySearchOptions = {}): DirectoryEntry[] {
    const q = foldName(query);
    if (q === '') return [];
    const qWords = q.split(' ').map((w) => ` ${w}`);
    const qSquashed = q.replace(/ /g, '');
    const qFirst = q.split(' ')[0]!;
    const hits: { entry: DirectoryEntry; rank: number }[] = [];
    for (const r of this.rows) {
      if (o.platform && r.entry.platform !== o.platform) continue;
      // The cheap test first: a row whose squashed text lacks the query's first word cannot match.
      if (!r.squashed.includes(qFirst)) continue;
      let rank: number;
      if (r.name === q) rank = 0;
      else if (r.name.startsWith(q)) rank = 1;
      else if (qWords.every((w) => r.words.includes(w))) rank = 2;
      else if (r.squashed.includes(qSquashed)) rank = 3;
      else continue;
      hits.push({ entry: r.entry, rank });
    }
    hits.sort(
      (a, b) =>
        a.rank - b.rank ||
        b.entry.sources - a.entry.sources ||
        a.entry.name.length - b.entry.name.length ||
        (a.entry.name < b.entry.name ? -1 : 1),
    );
    return hits.slice(0, o.limit ?? 50).map((h) => h.entry);
  }

  /** Every board of a platform (`--platform P` with no `--match`). */
  ofPlatform(platform: string): DirectoryEntry[] {
    return this.entries.filter((e) => e.platform === platform);
  }
}

let bundled: Promise<DirectorySearch> | undefined;

/** The shipped directory, read once on first use (callers meanwhile share the one read). */
export function bundledDirectory(): Promise<DirectorySearch> {
  bundled ??= (async () => {
    const { bundledDirectoryPath, directoryEntries, readDirectoryBytes } = await import('./directory-file.js');
    return DirectorySearch.inTurns(directoryEntries(await readDirectoryBytes(), bundledDirectoryPath));
  })().catch((e: unknown) => {
    bundled = undefined;
    throw e;
  });
  return bundled;
}
