import { heapRelief } from './heap-relief.js';

/**
 * How much one answer may hold, counted after decompression (docs/decisions/crawl.md § Answer
 * size). Generous: the largest real board we have seen is a few MB; a hostile one is cut here
 * before its bytes can cost memory. `--max-answer-mb` (crawl, sync) raises it.
 */
export const DEFAULT_MAX_ANSWER_MB = 64;
export const MB = 1 << 20;

/** Where a reader counts the bytes it holds (body-budget.ts; a type only, to keep this file's imports one way). */
export interface CountedBytes {
  /** Counts `n` bytes received: undefined when they fit, else a wait until they do. */
  take(n: number): Promise<void> | undefined;
  /** Gives back bytes no longer held (a failed or discarded answer). */
  give(n: number): void;
}

/** An answer over the limit: the one request fails, never retried (the same board sends the same). */
export class AnswerTooLarge extends Error {
  constructor(readonly limitBytes: number) {
    super(
      `answer larger than ${Math.round((limitBytes / MB) * 100) / 100} MB (the limit; raise it with --max-answer-mb)`,
    );
    this.name = 'AnswerTooLarge';
  }
}

/**
 * The body's bytes, read as a stream and counted as they arrive (fetch hands them decompressed),
 * stopping at `limitBytes`: a gzip bomb costs the limit, not what it inflates to. With `counted`,
 * each chunk is also counted against a run's budget (body-budget.ts), waiting while it is spent;
 * `onWait` is told when such a wait begins and ends (the caller's timeout is paused meanwhile). A
 * body that fails gives its bytes back; a whole one keeps them until its holder gives them back.
 */
export async function readCapped(
  res: Response,
  limitBytes: number,
  counted?: CountedBytes,
  onWait?: (waiting: boolean) => void,
): Promise<Uint8Array<ArrayBuffer>> {
  const stated = Number(res.headers.get('content-length'));
  if (!res.headers.has('content-encoding') && Number.isFinite(stated) && stated > limitBytes) {
    await res.body?.cancel().catch(() => {});
    throw new AnswerTooLarge(limitBytes);
  }
  if (!res.body) return new Uint8Array(0);
  const reader = res.body.getReader();
  let chunks: Array<Uint8Array<ArrayBuffer>> = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (total + value.byteLength > limitBytes) {
        chunks = [];
        await reader.cancel().catch(() => {});
        throw new AnswerTooLarge(limitBytes);
      }
      const wait = counted?.take(value.byteLength);
      total += value.byteLength;
      if (wait) {
        onWait?.(true);
        await wait;
        onWait?.(false);
      }
      chunks.push(value);
    }
  } catch (e) {
    chunks = [];
    counted?.give(total);
    // What was read of it is garbage now: a body cut at the limit is up to the limit.
    heapRelief.letGo(total);
    throw e;
  }
  if (chunks.length === 1) return chunks[0]!;
  // Copied into one buffer chunk by chunk, each let go once copied: the body is held about once.
  const out = new Uint8Array(total);
  let at = 0;
  for (let i = 0; i < chunks.length; i++) {
    out.set(chunks[i]!, at);
    at += chunks[i]!.byteLength;
    (chunks as Array<Uint8Array<ArrayBuffer> | undefined>)[i] = undefined;
  }
  return out;
}
