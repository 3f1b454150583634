import type { CorpusDoc } from './corpus.js';
import type { PeerRequest } from './requests.js';

/** A loaded index answering the shared requests. */
export interface Searcher {
  /** What is timed: one page, as the engine naturally answers it. */
  search(r: PeerRequest): Promise<unknown>;
  /** The page as rids, best first, for comparing engines (not timed). */
  pageRids(r: PeerRequest): Promise<number[]>;
}

/** A peer's Searcher: its page already is rids, so the timed call and the compared page are one. */
export function ridSearcher(search: (r: PeerRequest) => Promise<number[]>): Searcher {
  return { search, pageRids: search };
}

/** One search engine as the bench drives it, each in its own process. */
export interface Engine {
  /** Opens the index at `path` (a directory the engine saved to, or our SQLite file). */
  load(path: string): Promise<Searcher>;
  /** What this engine cannot do that our List does, for the report. */
  readonly limits: string;
}

/** A peer: indexes the corpus in memory, then `save` writes it under a directory. */
export interface PeerEngine extends Engine {
  build(docs: AsyncIterable<CorpusDoc>): Promise<void>;
  save(dir: string): Promise<void>;
  /** Answers from the index `build` made (when it cannot be saved or loaded back). */
  searcher(): Searcher;
}

export const ENGINES = ['sqlite', 'minisearch', 'flexsearch', 'orama'] as const;
export type EngineName = (typeof ENGINES)[number];
