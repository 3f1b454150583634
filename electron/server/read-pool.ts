import { Worker } from 'node:worker_threads';
import type { SearchExclusions } from '#service/index-db/search/job-search';
import type { CachedAnswer } from './response-cache.js';
import type { FromWorker, ReadJob, ReadWorkerData } from './read-worker-protocol.js';

/**
 * The read workers of `jobindex serve --workers N` (docs/decisions/serve-workers.md): N worker
 * threads, each with its own read-only connection to the index, answer the index's read RPCs
 * while the main thread keeps HTTP, the request rules, the answer cache and every write.
 *
 * A request leases a worker in arrival order (one request per worker at a time, so the wait is
 * seen here and the load shedder can count it). A worker that dies fails its request with
 * `WorkerGone` (answered 503, never 500) and is replaced.
 */
export interface ReadPoolOptions {
  size: number;
  indexFile: string;
  /** The user's hidden jobs and blocked companies (`serve --user-data`), sent to a worker when they moved. */
  exclusions?: { current(): SearchExclusions; version(): string } | undefined;
  /** A service threw in a worker: log it as the main thread would. */
  onUnexpected(requestId: string, e: Error): void;
  /** A worker exited unasked (it is replaced). */
  onExit?(code: number): void;
  /** The worker's script (default: read-worker.js beside this file). */
  workerFile?: URL;
}

export interface ReadRequest {
  path: string;
  url: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

export interface Lease {
  run(req: ReadRequest): Promise<CachedAnswer>;
  /** Gives the worker to the next request; call once, whether `run` was called or not. */
  release(): void;
}

export class WorkerGone extends Error {}

interface Thread {
  worker: Worker;
  /** The request it answers now. */
  job?: { id: number; resolve: (a: CachedAnswer) => void; reject: (e: Error) => void; started: number };
  exclusionsVersion?: string;
  gone: boolean;
}

/**
 * The process's flags without `--conditions`: the worker is compiled JavaScript, and a `source`
 * condition (vitest's, tsc's) would send its `#room/…` imports to TypeScript files.
 */
function compiledArgv(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--conditions' || a === '-C') i++;
    else if (!a.startsWith('--conditions=') && !a.startsWith('-C=')) out.push(a);
  }
  return out;
}

/** A worker that dies before it is ready waits this long before it is started again (no crash loop). */
const RESTART_DELAY_MS = 1000;

export class ReadPool {
  private readonly idle: Thread[] = [];
  private readonly waiting: Array<(t: Thread) => void> = [];
  private readonly threads = new Set<Thread>();
  private nextId = 1;
  private closing = false;
  /** Smoothed time a worker takes per request. */
  private serviceMs = 0;
  private readonly started: Promise<void>;

  constructor(private readonly opts: ReadPoolOptions) {
    const ready: Promise<void>[] = [];
    for (let i = 0; i < opts.size; i++) ready.push(this.spawn());
    this.started = Promise.all(ready).then(() => undefined);
  }

  /** Resolves once every worker has opened the index. */
  ready(): Promise<void> {
    return this.started;
  }

  get size(): number {
    return this.opts.size;
  }

  /** Requests waiting for a worker. */
  get length(): number {
    return this.waiting.length;
  }

  /** About how long a request arriving now would wait for a worker. */
  expectedWaitMs(): number {
    return (this.waiting.length * this.serviceMs) / this.opts.size;
  }

  /** Resolves with a worker when it is this request's turn: after every earlier caller's. */
  lease(): Promise<Lease> {
    return new Promise((resolve) => {
      const give = (t: Thread) => resolve(this.leaseOf(t));
      const t = this.idle.pop();
      if (t) give(t);
      else this.waiting.push(give);
    });
  }

  /** Stops every worker; requests in flight fail with `WorkerGone`. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.threads].map((t) => t.worker.terminate()));
  }

  private leaseOf(t: Thread): Lease {
    let released = false;
    return {
      run: (req) => this.run(t, req),
      release: () => {
        if (released) return;
        released = true;
        if (!t.gone) this.free(t);
      },
    };
  }

  private free(t: Thread): void {
    const next = this.waiting.shift();
    if (next) next(t);
    else this.idle.push(t);
  }

  private run(t: Thread, req: ReadRequest): Promise<CachedAnswer> {
    if (t.gone) return Promise.reject(new WorkerGone('a read worker stopped before it could answer; try again'));
    const job: ReadJob = { id: this.nextId++, ...req };
    const ex = this.opts.exclusions;
    if (ex) {
      const v = ex.version();
      if (t.exclusionsVersion !== v) {
        job.exclusions = ex.current();
        t.exclusionsVersion = v;
      }
    }
    // The body in a buffer of its own, moved rather than cloned: a small body read from the socket
    // is a view into Node's shared 8 KiB pool, which postMessage would copy whole.
    const body = new Uint8Array(req.body.byteLength);
    body.set(req.body);
    job.body = body;
    return new Promise((resolve, reject) => {
      t.job = { id: job.id, resolve, reject, started: performance.now() };
      t.worker.postMessage(job, [body.buffer]);
    });
  }

  private spawn(): Promise<void> {
    const data: ReadWorkerData = { indexFile: this.opts.indexFile };
    const worker = new Worker(this.opts.workerFile ?? new URL('./read-worker.js', import.meta.url), {
      workerData: data,
      execArgv: compiledArgv(process.execArgv),
    });
    const t: Thread = { worker, gone: false };
    this.threads.add(t);
    let isReady = false;
    return new Promise((resolve) => {
      worker.on('message', (m: FromWorker) => {
        if (m.type === 'ready') {
          isReady = true;
          this.free(t);
          resolve();
        } else if (m.type === 'unexpected') {
          const e = new Error(m.message);
          e.name = m.name;
          if (m.stack) e.stack = m.stack;
          this.opts.onUnexpected(m.requestId, e);
        } else if (t.job?.id === m.id) {
          const job = t.job;
          t.job = undefined;
          const ms = performance.now() - job.started;
          this.serviceMs = this.serviceMs ? this.serviceMs * 0.9 + ms * 0.1 : ms;
          job.resolve({ status: m.status, headers: m.headers, body: m.body });
        }
      });
      // An uncaught throw in the worker: 'exit' follows, which does the rest.
      worker.on('error', () => {});
      worker.once('exit', (code) => {
        t.gone = true;
        this.threads.delete(t);
        const i = this.idle.indexOf(t);
        if (i >= 0) this.idle.splice(i, 1);
        t.job?.reject(new WorkerGone('a read worker stopped while answering; try again'));
        t.job = undefined;
        resolve();
        if (this.closing) return;
        this.opts.onExit?.(code);
        const again = () => void (this.closing ? undefined : this.spawn());
        if (isReady) again();
        else setTimeout(again, RESTART_DELAY_MS).unref();
      });
    });
  }
}
