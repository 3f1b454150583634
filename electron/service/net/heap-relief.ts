import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Garbage let go between full collections, past which a thread asks for one
 * (docs/decisions/crawl.md § Answer size). V8 grows a heap to its first limit (~300 MB here)
 * before it runs a full collection at all: a 42 MB answer's bytes, text and parse tree, let go at
 * once, stayed resident, and one 20,000-posting board peaked at 880 MB with no full collection
 * in the whole run. Real boards answer a few hundred KB, so a run of thousands of them collects
 * a few times.
 */
export const RELIEF_BYTES = 32 << 20;

let gc: (() => void) | undefined;

function collector(): () => void {
  if (gc) return gc;
  // `--expose-gc` set at run time reaches contexts made after it (as jest's leak detector does);
  // the process's own global stays without `gc`.
  setFlagsFromString('--expose-gc');
  return (gc = runInNewContext('gc') as () => void);
}

/**
 * Counts garbage a thread let go; collects once it passes `floor` bytes, or what the heap held
 * after the last collection if more, since then: the heap stays within about twice what it holds
 * live (plus the floor), and a collection, whose cost follows the live heap, comes only after as
 * much garbage, so its cost per byte read stays the same however large the heap.
 */
export class HeapRelief {
  private owed = 0;
  private limit: number;

  constructor(private readonly floor = RELIEF_BYTES) {
    this.limit = floor;
  }

  /** `bytes` (answer bytes, text, parsed objects) are garbage now. */
  letGo(bytes: number): void {
    this.owed += bytes;
    if (this.owed >= this.limit) this.collect();
  }

  /**
   * Collects now: after a step that made much more garbage than it counted (a big answer read
   * as a stream), before the next holds memory for long.
   */
  collect(): void {
    this.owed = 0;
    collector()();
    this.limit = Math.max(this.floor, getHeapStatistics().used_heap_size);
  }
}

/** This thread's meter: the crawl's reads and writes, and each mapping thread's own. */
export const heapRelief = new HeapRelief();
