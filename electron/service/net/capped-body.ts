/**
 * How much one answer may hold, counted after decompression (docs/decisions/crawl.md § Answer
 * size). Generous: the largest real board we have seen is a few MB; a hostile one is cut here
 * before its bytes can cost memory. `--max-answer-mb` (crawl, sync) raises it.
 */
export const DEFAULT_MAX_ANSWER_MB = 64;
export const MB = 1 << 20;

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
 * stopping at `limitBytes`: a gzip bomb costs the limit, not what it inflates to.
 */
export async function readCapped(res: Response, limitBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const stated = Number(res.headers.get('content-length'));
  if (!res.headers.has('content-encoding') && Number.isFinite(stated) && stated > limitBytes) {
    await res.body?.cancel().catch(() => {});
    throw new AnswerTooLarge(limitBytes);
  }
  if (!res.body) return new Uint8Array(0);
  const reader = res.body.getReader();
  const chunks: Array<Uint8Array<ArrayBuffer>> = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limitBytes) {
      await reader.cancel().catch(() => {});
      throw new AnswerTooLarge(limitBytes);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
