/** What a child process prints: figures for one engine at one corpus size. */
export interface BuildReport {
  /** null when our index file was already there (its build is the generator; see BENCHMARKS.md). */
  buildMs: number | null;
  saveMs: number;
  bytes: number;
  /** null for ours: the generator runs in the parent. */
  rssBytes: number | null;
}

export interface CaseFigures {
  name: string;
  runs: number;
  p50: number;
  p99: number;
  /** The page (rids, best first) of each request of the case, for overlap. */
  tops: number[][];
}

export interface QueryReport {
  /** Process start → engine's modules imported, → index loaded, → first answer (cold start). */
  importedMs: number;
  loadMs: number;
  coldStartMs: number;
  cases: CaseFigures[];
  rssBytes: number;
  limits: string;
}

/** A child that failed, ran out of memory or time: recorded as the engine's result. */
export interface Failure {
  error: string;
}
