import type { BoardRef, BoardSummary } from './crawl-types.js';

/** A board's summary before anything is counted: state ok, every count 0. */
export function emptySummary(board: BoardRef, at: number): BoardSummary {
  return {
    board,
    state: 'ok',
    added: 0,
    updated: 0,
    unchanged: 0,
    expired: 0,
    skipped: {},
    postings: 0,
    crawledAt: at,
  };
}
