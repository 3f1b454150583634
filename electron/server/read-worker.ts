import { parentPort, workerData } from 'node:worker_threads';
import type { SearchExclusions } from '#service/index-db/search/job-search';
import { openIndexService } from '#service/open-index-service';
import type { FromWorker, ReadJob, ReadWorkerData } from './read-worker-protocol.js';

/**
 * A read worker of `jobindex serve --workers N` (read-pool.ts): its own read-only connection to
 * the index, the index's read services over it, one request at a time from the main thread.
 */
const port = parentPort!;
const { indexFile } = workerData as ReadWorkerData;
let exclusions: SearchExclusions | undefined;
const service = openIndexService({ indexFile, readonly: true, exclusions: () => exclusions });
const post = (m: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);
const handlers = service.handlers([], (e, header) => {
  const err = e instanceof Error ? e : new Error(String(e));
  post({
    type: 'unexpected',
    requestId: header.get('x-request-id') ?? '-',
    name: err.name,
    message: err.message,
    ...(err.stack ? { stack: err.stack } : {}),
  });
});

/**
 * The answer's bytes in an ArrayBuffer of their own (one copy), so they move to the main thread
 * (transferred) instead of being cloned, and whatever else shares the chunks' buffers (Node's
 * pool, a kept answer) is left alone.
 */
function ownBytes(chunks: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return bytes;
}

async function answer(job: ReadJob): Promise<void> {
  if (job.exclusions) exclusions = job.exclusions;
  const h = handlers.get(job.path)!;
  const res = await h({
    httpVersion: '1.1',
    url: job.url,
    method: 'POST',
    header: new Headers(job.headers),
    body: (async function* () {
      yield job.body;
    })(),
    signal: new AbortController().signal,
  });
  const chunks: Uint8Array[] = [];
  if (res.body) for await (const c of res.body) chunks.push(c);
  const headers: Record<string, string> = {};
  res.header?.forEach((v, k) => (headers[k] = v));
  const body = ownBytes(chunks);
  post({ type: 'answer', id: job.id, status: res.status, headers, body }, [body.buffer as ArrayBuffer]);
}

port.on('message', (job: ReadJob) => {
  answer(job).catch((e: unknown) => {
    // The router answers a service's throw itself; this is a fault outside it: logged, answered 500.
    const err = e instanceof Error ? e : new Error(String(e));
    const requestId = job.headers['x-request-id'] ?? '-';
    post({
      type: 'unexpected',
      requestId,
      name: err.name,
      message: err.message,
      ...(err.stack ? { stack: err.stack } : {}),
    });
    post({ type: 'answer', id: job.id, status: 500, headers: {}, body: new Uint8Array(0) });
  });
});
post({ type: 'ready' });
