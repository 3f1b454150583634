// The service worker started first thing at launch (start.ts), before main's bundle loads and the
// app is ready, so its boot (a second Node environment, its bundle, both files opened) runs beside
// main's instead of after it. Until main's service host adopts it, its messages, error and exit are
// held here in order. Small: start.ts imports this before the compile cache is on.
import { join } from 'node:path';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { bundledIndexPath } from '#service/paths';
import type { ServiceWorkerData } from '#worker/service-protocol';

type Held = ['message' | 'error' | 'exit', unknown];

export interface EarlyWorker {
  worker: Worker;
  /** Main's end of the worker's synchronous-answer channel. */
  syncPort: MessagePort;
  /** Stops holding; returns what arrived meanwhile, oldest first, for the host to handle. */
  release(): Held[];
}

let early: EarlyWorker | undefined;
let lock: boolean | undefined;

/** Electron's single-instance lock, asked once: start.ts must know before it opens the files. */
export const singleInstanceLock = (app: { requestSingleInstanceLock(): boolean }): boolean =>
  (lock ??= app.requestSingleInstanceLock());

/** The index shipped with the app: in its resources when packaged, else the checkout's. */
export const shippedIndexOf = (app: { isPackaged: boolean }): string =>
  app.isPackaged ? join(process.resourcesPath, 'index.sqlite') : bundledIndexPath;

/** Starts the worker; its SecretBox name is asked of main when first needed (safeStorage needs `ready`). */
export function startEarlyWorker(file: URL, data: Omit<ServiceWorkerData, 'syncPort' | 'secretBoxName'>): void {
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(file, {
    workerData: { ...data, syncPort: port2 } satisfies ServiceWorkerData,
    transferList: [port2],
  });
  const held: Held[] = [];
  const holders = (['message', 'error', 'exit'] as const).map(
    (name) => [name, (arg: unknown) => held.push([name, arg])] as const,
  );
  for (const [name, f] of holders) worker.on(name, f);
  early = {
    worker,
    syncPort: port1,
    release() {
      for (const [name, f] of holders) worker.off(name, f);
      return held;
    },
  };
}

/** The worker start.ts started, once (a restart after a crash spawns afresh). */
export function takeEarlyWorker(): EarlyWorker | undefined {
  const e = early;
  early = undefined;
  return e;
}
