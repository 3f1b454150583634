// The retry policy on its own, with a scripted inner fetch: which answers are retried, how long
// it waits, when it gives up, and that an abort stops a wait at once.
import { describe, expect, it } from 'vitest';
import { backoffMs, DEFAULT_RETRY, retryAfterMs, retryingFetch } from '../../../electron/service/net/retrying-fetch.js';

const policy = { ...DEFAULT_RETRY, baseDelayMs: 1, maxDelayMs: 4, retries: 3 };

function scripted(answers: Array<number | Error>, headers: Record<string, string> = {}) {
  const calls: number[] = [];
  const fetch = (async () => {
    calls.push(performance.now());
    const next = answers.shift() ?? 200;
    if (next instanceof Error) throw next;
    return new Response(`answer ${next}`, { status: next, headers });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

describe('retryingFetch', () => {
  it('retries network errors, 500, 502, 503, 504 and 429, then answers', async () => {
    const s = scripted([new TypeError('fetch failed'), 500, 502, 200]);
    const retries: string[] = [];
    const res = await retryingFetch(policy, { fetch: s.fetch, onRetry: (r) => retries.push(r.reason) })('http://x/', {
      method: 'POST',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('answer 200');
    expect(retries).toEqual(['network error: fetch failed', 'HTTP 500', 'HTTP 502']);
  });

  it('does not retry a client error', async () => {
    const s = scripted([404]);
    const res = await retryingFetch(policy, { fetch: s.fetch })('http://x/', {});
    expect(res.status).toBe(404);
    expect(s.calls).toHaveLength(1);
  });

  it('gives up after the last retry with the last answer', async () => {
    const s = scripted([503, 503, 503, 503, 200]);
    const res = await retryingFetch(policy, { fetch: s.fetch })('http://x/', {});
    expect(res.status).toBe(503);
    expect(s.calls).toHaveLength(4);
  });

  it('waits what Retry-After says on 429, in seconds or as an HTTP date', async () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(new Date(Date.UTC(2026, 0, 1, 0, 0, 30)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(30_000);
    expect(retryAfterMs('soon')).toBeUndefined();
    const s = scripted([429, 200], { 'retry-after': '1' });
    await retryingFetch(policy, { fetch: s.fetch })('http://x/', {});
    expect(s.calls[1]! - s.calls[0]!).toBeGreaterThanOrEqual(990);
  });

  it('backs off exponentially with jitter, capped', () => {
    const p = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1000 };
    expect([0, 1, 2, 3, 4].map((a) => backoffMs(p, a, () => 1))).toEqual([100, 200, 400, 800, 1000]);
    expect(backoffMs(p, 2, () => 0)).toBe(200);
  });

  it('stops waiting at once when the caller aborts', async () => {
    const s = scripted([503, 200], { 'retry-after': '60' });
    const abort = new AbortController();
    const started = performance.now();
    const call = retryingFetch(policy, { fetch: s.fetch, signal: abort.signal })('http://x/', {});
    setTimeout(() => abort.abort(new Error('stop')), 50);
    await expect(call).rejects.toThrow('stop');
    expect(performance.now() - started).toBeLessThan(5000);
    expect(s.calls).toHaveLength(1);
  });
});
