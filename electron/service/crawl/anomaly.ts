// When a successful read still must not be trusted to expire postings (docs/decisions/crawl.md).

/** Boards with fewer known postings than this may halve without it being an anomaly. */
export const LOSS_FLOOR = 10;
/** Losing more than this share of the known postings in one read is an anomaly. */
export const LOSS_SHARE = 0.5;

/**
 * Why a read looks wrong, or undefined when it can be trusted. `known`: active postings the board
 * had; `read`: postings in this read; `stated`: the board's own total, when it gives one.
 */
export function anomalyOf(known: number, read: number, stated: number | undefined): string | undefined {
  if (stated !== undefined && read < stated)
    return `incomplete read: the board states ${stated} postings, the answer held ${read}`;
  if (known > 0 && read === 0) return `the board read empty (it had ${known} postings)`;
  if (known >= LOSS_FLOOR && read < known * (1 - LOSS_SHARE))
    return `the board lost most of its postings (${known} → ${read})`;
  return undefined;
}
