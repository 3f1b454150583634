// The main thread's side of the service worker: forwards request bytes to it and answers back,
// answers the worker's calls that need the main thread, restarts it when it crashes, and closes
// it on quit. No `electron` import: main.ts passes what needs Electron in `calls`/`syncCalls`.
import { Code } from '@connectrpc/connect';
import { MessageChannel, type MessagePort, type Worker } from 'node:worker_threads';
import { codeErrorAnswer } from '#service/rpc/connect-error';
import type { EarlyWorker } from './early-worker.js';
import type { ControlName, FromWorker, ToWorker, WireRequest, WireResponse } from '#worker/service-protocol';

export interface ServiceHostOptions {
  /** Starts a worker running service-worker.js (again after a crash), handing it `syncPort` (workerData, transferred). */
  spawn(syncPort: MessagePort): Worker;
  /** Asynchronous calls the worker makes to main (the save dialog). `never[]`: any parameters fit; the worker's arguments arrive untyped. */
  calls?: Record<string, (...args: never[]) => Promise<unknown>>;
  /** Synchronous calls the worker makes to main (the OS keychain): answered on the returned port. */
  syncCalls?: Record<string, (...args: never[]) => unknown>;
  /** A worker already started (early-worker.ts) to adopt instead of spawning the first one. */
  early?: EarlyWorker;
  /** Progress and other events the worker reports. */
  onEvent?(name: string, data: unknown): void;
  log(line: string): void;
}

export interface ServiceHost {
  /**
   * One RPC through the worker's router; a crash answers `unavailable`, never hangs. When `signal`
   * aborts, the call is answered `canceled` at once and the worker aborts the handler's signal.
   */
  request(req: WireRequest, signal?: AbortSignal): Promise<WireResponse>;
  control(name: ControlName, ...args: unknown[]): Promise<unknown>;
  /** Lets the worker finish in-flight work (writes, a sync checkpoint, exports), close its files and exit. */
  close(): Promise<void>;
  /** Times the worker crashed and was started again. */
  readonly restarts: number;
}

/** Starts in a row that die before the worker is ready, after which the host gives up. */
export const MAX_FAILED_STARTS = 3;

interface Pending {
  resolve(v: unknown): void;
  reject(e: Error): void;
  rpc: boolean;
}

const cancelled = () => codeErrorAnswer(Code.Canceled, 'the call was cancelled');

export function startServiceHost(opts: ServiceHostOptions): ServiceHost {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let restarts = 0;
  let closing: Promise<void> | undefined;
  // A worker that dies before it is ready (a broken file, say) would die again: stop after a few.
  let failedStarts = 0;
  let ready = false;
  let lastError = '';
  let given: string | undefined;
  let early = opts.early;
  let worker = launch();

  function launch(): Worker {
    ready = false;
    const adopted = early;
    early = undefined;
    let w: Worker, port1: MessagePort;
    if (adopted) ({ worker: w, syncPort: port1 } = adopted);
    else {
      // Synchronous answers go on their own port: the waiting worker reads it with receiveMessageOnPort.
      const channel = new MessageChannel();
      port1 = channel.port1;
      w = opts.spawn(channel.port2);
    }
    const on = {
      message: (m: FromWorker) => onMessage(w, port1, m),
      error: (e: Error) => {
        lastError = e.message;
        opts.log(`jobindex: the service worker crashed: ${e.stack ?? e.message}`);
      },
      exit: (code: number) => {
        port1.close();
        onExit(w, code);
      },
    };
    w.on('message', on.message).on('error', on.error).on('exit', on.exit);
    // What the early worker said before main listened, in order, before anything newer (events
    // come in later turns of the loop); in a microtask, so that `worker` is this one by then.
    const held = adopted?.release() ?? [];
    if (held.length) queueMicrotask(() => held.forEach(([name, arg]) => (on[name] as (a: unknown) => void)(arg)));
    return w;
  }

  function onExit(w: Worker, code: number): void {
    if (w !== worker) return;
    // Calls in flight are lost with the worker: say so instead of leaving the renderer waiting.
    const cause = lastError ? `: ${lastError}` : ` (exit code ${code})`;
    lastError = '';
    failedStarts = ready ? 0 : failedStarts + 1;
    if (!closing && failedStarts >= MAX_FAILED_STARTS) given = `the job index service could not start${cause}`;
    const why = given ?? `the job index service stopped${cause}; it is restarting, try again`;
    for (const [id, p] of pending) {
      pending.delete(id);
      if (p.rpc) p.resolve(codeErrorAnswer(Code.Unavailable, why));
      else p.reject(new Error(why));
    }
    if (closing || given) {
      if (given) opts.log(`jobindex: ${given}`);
      return;
    }
    restarts++;
    opts.log(`jobindex: ${why}`);
    worker = launch();
  }

  function onMessage(w: Worker, syncPort: MessagePort, m: FromWorker): void {
    switch (m.t) {
      case 'answer':
      case 'failed': {
        const p = pending.get(m.id);
        if (!p) return;
        pending.delete(m.id);
        if (m.t === 'answer') p.resolve(m.value);
        else p.reject(new Error(m.message));
        return;
      }
      case 'call': {
        const f = opts.calls?.[m.name];
        const post = (r: { value?: unknown; error?: string }) =>
          w.postMessage({ t: 'reply', id: m.id, ...r } satisfies ToWorker);
        if (!f) return post({ error: `main has no call ${m.name}` });
        f(...(m.args as never[])).then(
          (value) => post({ value }),
          (e: unknown) => post({ error: e instanceof Error ? e.message : String(e) }),
        );
        return;
      }
      case 'call-sync': {
        const f = opts.syncCalls?.[m.name];
        let r: { value?: unknown; error?: string };
        try {
          if (!f) throw new Error(`main has no call ${m.name}`);
          r = { value: f(...(m.args as never[])) };
        } catch (e) {
          r = { error: e instanceof Error ? e.message : String(e) };
        }
        syncPort.postMessage(r);
        const flag = new Int32Array(m.flag);
        Atomics.store(flag, 0, 1);
        Atomics.notify(flag, 0);
        return;
      }
      case 'event':
        opts.onEvent?.(m.name, m.data);
        return;
      case 'log':
        opts.log(m.line);
        return;
      case 'ready':
        ready = true;
        return;
      case 'closed':
        return;
    }
  }

  function send<T>(msg: (id: number) => ToWorker, rpc: boolean): { id: number; done: Promise<T> } {
    const id = nextId++;
    const done = new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject, rpc });
    });
    worker.postMessage(msg(id));
    return { id, done };
  }

  return {
    get restarts() {
      return restarts;
    },
    async request(req, signal) {
      if (closing) return codeErrorAnswer(Code.Unavailable, 'the app is quitting');
      if (given) return codeErrorAnswer(Code.Unavailable, given);
      if (signal?.aborted) return cancelled();
      const { id, done } = send<WireResponse>((id) => ({ t: 'rpc', id, req }), true);
      if (!signal) return done;
      const w = worker;
      return new Promise<WireResponse>((resolve, reject) => {
        // The caller has gone: answer it now and forget the call; the worker's late answer is dropped.
        const abort = () => {
          pending.delete(id);
          w.postMessage({ t: 'abort', id } satisfies ToWorker);
          resolve(cancelled());
        };
        signal.addEventListener('abort', abort, { once: true });
        done.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
      });
    },
    control(name, ...args) {
      if (closing) return Promise.reject(new Error('the app is quitting'));
      if (given) return Promise.reject(new Error(given));
      return send<unknown>((id) => ({ t: 'control', id, name, args }), false).done;
    },
    close() {
      if (given) closing ??= Promise.resolve();
      closing ??= new Promise<void>((resolve) => {
        const w = worker;
        w.once('exit', () => resolve());
        w.postMessage({ t: 'close' } satisfies ToWorker);
      });
      return closing;
    },
  };
}
