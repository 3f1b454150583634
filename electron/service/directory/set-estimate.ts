// What following a set of boards will take, before it is followed (issue 28): postings, disk and
// time, each from a real figure, and the figure named (docs/decisions/board-directory.md,
// "Following a set").

/** Figures this index and this process measured; each absent where they have too few. */
export interface MeasuredFigures {
  /** Per platform: boards whose last read was complete, and the postings they listed. */
  perPlatform: Record<string, { boards: number; postings: number }>;
  /** The index file's size and the postings it holds. */
  disk?: { bytes: number; postings: number };
  /** The last crawl of many boards in this process. */
  pace?: { boards: number; seconds: number };
}

/**
 * Issue 28's measurement, for an index that has read too little to measure its own: 5,000 boards
 * replayed on loopback from the real payloads in ../shared/data/realjobs listed 285k postings
 * (57 a board), took 573 s on 2 cores (0.115 s a board; a real network is slower) and
 * 3.8 GB of index (13.5 KB a posting). BENCHMARKS.md, "Issue 28".
 */
export const MEASURED_AT_5000 = { postingsPerBoard: 57, secondsPerBoard: 0.115, bytesPerPosting: 13_500 };

/** Own figures count from this many boards read on a platform, postings held, boards crawled. */
export const MIN_OWN_BOARDS = 5;
export const MIN_OWN_POSTINGS = 1_000;

export interface SetEstimate {
  postings: number;
  diskBytes: number;
  seconds: number;
  basis: string[];
}

const n = (x: number) => Math.round(x).toLocaleString('en');

/** The estimate for `boards` (count per platform) to be read for the first time. */
export function estimateSet(boards: Record<string, number>, m: MeasuredFigures): SetEstimate {
  const basis: string[] = [];
  let postings = 0;
  const fallback: string[] = [];
  for (const [platform, count] of Object.entries(boards).sort()) {
    if (count === 0) continue;
    const own = m.perPlatform[platform];
    if (own && own.boards >= MIN_OWN_BOARDS) {
      const each = own.postings / own.boards;
      postings += count * each;
      basis.push(
        `${platform}: ${each.toFixed(1)} postings a board, the mean of the ${n(own.boards)} boards this index read`,
      );
    } else {
      postings += count * MEASURED_AT_5000.postingsPerBoard;
      fallback.push(platform);
    }
  }
  if (fallback.length > 0)
    basis.push(
      `${fallback.join(', ')}: ${MEASURED_AT_5000.postingsPerBoard} postings a board, the mean of 5,000 boards replayed from real payloads (issue 28's bench); this index has read fewer than ${MIN_OWN_BOARDS} of them`,
    );
  let bytesPerPosting = MEASURED_AT_5000.bytesPerPosting;
  if (m.disk && m.disk.postings >= MIN_OWN_POSTINGS) {
    bytesPerPosting = m.disk.bytes / m.disk.postings;
    basis.push(
      `disk: ${(bytesPerPosting / 1000).toFixed(1)} KB a posting, this index's size over the ${n(m.disk.postings)} postings it holds`,
    );
  } else {
    basis.push(
      `disk: ${MEASURED_AT_5000.bytesPerPosting / 1000} KB a posting, measured at 5,000 boards (issue 28's bench)`,
    );
  }
  let secondsPerBoard = MEASURED_AT_5000.secondsPerBoard;
  if (m.pace && m.pace.boards > 0) {
    secondsPerBoard = m.pace.seconds / m.pace.boards;
    basis.push(
      `time: ${secondsPerBoard.toFixed(2)} s a board, as the last crawl of ${n(m.pace.boards)} boards here took`,
    );
  } else {
    basis.push(
      `time: ${MEASURED_AT_5000.secondsPerBoard} s a board, measured on loopback at 5,000 boards (issue 28's bench); the internet is slower`,
    );
  }
  const total = Object.values(boards).reduce((a, b) => a + b, 0);
  return {
    postings: Math.round(postings),
    diskBytes: Math.round(postings * bytesPerPosting),
    seconds: Math.ceil(total * secondsPerBoard),
    basis,
  };
}
