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

/** Process start → engine's modules imported, → index loaded, → first answer (cold start). */
export interface ColdReport {
  importedMs: number;
  loadMs: number;
  coldStartMs: number;
  limits: string;
}

/** Latencies and pages per request type, and the process's peak RSS. */
export interface Measured {
  cases: CaseFigures[];
  rssBytes: number;
}

export type QueryReport = ColdReport & Measured;

/** A peer measured on the index it just built, in the build process (it could not be saved or loaded). */
export interface InMemoryReport extends Measured {
  inMemory: true;
  buildMs: number;
  limits: string;
}

/** Node's own floor, timed in a fresh process (floor.ts): ms from process start. */
export interface FloorReport {
  /** The script's first line runs (Node's boot). */
  bootMs: number;
  /** better-sqlite3 imported. */
  sqliteMs: number;
  /** @connectrpc/connect and @bufbuild/protobuf imported (what the router and generated code load). */
  connectMs: number;
  /** The first `new Headers()`: Node 20 loads its fetch implementation (undici) on first use. */
  headersMs: number;
}

/** A child that failed, ran out of memory or time: recorded as the engine's result. */
export interface Failure {
  error: string;
  /** The child's last progress line ("saving at 786 s, RSS 4.1 GiB"), if it printed one. */
  progress?: string;
}
