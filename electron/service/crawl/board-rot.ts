// Board rot (issue 28; docs/decisions/board-directory.md, "Board rot"): a board that keeps
// answering 404 or reading empty is judged dead after repeated confirmations, then read rarely,
// and revived by the first read that lists postings. Expiry is not this rule's business: a dead
// read expires nothing it would not have expired anyway (anomaly.ts).

const DAY = 86_400_000;
/** Reads in a row that answered 404 (or 410) or listed nothing before a board is judged dead. */
export const DEAD_AFTER_READS = 3;
/** …spanning at least this long: three crawls in one evening are not rot. */
export const DEAD_AFTER_MS = 2 * DAY;
/** A dead board waits as long as it has been dead before its next read, within these bounds. */
export const DEAD_MIN_WAIT_MS = 7 * DAY;
export const DEAD_MAX_WAIT_MS = 28 * DAY;

export interface Rot {
  /** Reads in a row that answered 404 or empty. */
  deadReads: number;
  /** The first of those reads. */
  deadSince?: number;
  /** When the board was judged dead. */
  deadAt?: number;
  /** A dead board's next read, not before. */
  nextReadAt?: number;
}

/** What a read says about rot: `dead` (404, 410, or no postings), `alive` (postings), `unknown` (another failure). */
export type RotEvidence = 'dead' | 'alive' | 'unknown';

export function rotEvidence(read: {
  state: 'ok' | 'anomaly' | 'error';
  postings: number;
  gone?: boolean;
}): RotEvidence {
  if (read.state === 'error') return read.gone ? 'dead' : 'unknown';
  return read.postings > 0 ? 'alive' : 'dead';
}

/** The board's rot after a read at `at`. */
export function nextRot(prev: Rot, evidence: RotEvidence, at: number): Rot {
  if (evidence === 'alive') return { deadReads: 0 };
  if (evidence === 'unknown') return prev;
  const deadReads = prev.deadReads + 1;
  const deadSince = prev.deadSince ?? at;
  if (deadReads < DEAD_AFTER_READS || at - deadSince < DEAD_AFTER_MS) return { deadReads, deadSince };
  const deadAt = prev.deadAt ?? at;
  // Dead a week: wait a week; dead three weeks: wait three (at most four).
  const wait = Math.min(DEAD_MAX_WAIT_MS, Math.max(DEAD_MIN_WAIT_MS, at - deadAt));
  return { deadReads, deadSince, deadAt, nextReadAt: at + wait };
}

/** Whether a crawl at `at` reads the board (a dead one only when its wait is over). */
export function dueForRead(rot: Rot | undefined, at: number): boolean {
  return rot?.deadAt === undefined || rot.nextReadAt === undefined || at >= rot.nextReadAt;
}
