// The service worker's entry (a Node worker_thread inside the main process): it owns both SQLite
// files, the router, sync and exports, so their work never blocks the main thread, which only
// forwards the renderer's request bytes here and the answers back (service-host.ts).
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import type { SaveDialog } from '#service/exports/save-dialog';
import { invokeUnary } from '#service/rpc/invoke';
import { plainBox, type SecretBox } from '#service/user-db/secrets';
import { appControls, openAppService } from './app-service.js';
import type { FromWorker, ServiceWorkerData, ToWorker } from './service-protocol.js';

const data = workerData as ServiceWorkerData;
const port = parentPort!;
const post = (m: FromWorker) => port.postMessage(m);
const log = (line: string) => post({ t: 'log', line });

let nextCall = 1;
const calls = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
/** Asks the main thread for something only it can do (the save dialog) and waits for the answer. */
function callMain(name: string, ...args: unknown[]): Promise<unknown> {
  const id = nextCall++;
  return new Promise((resolve, reject) => {
    calls.set(id, { resolve, reject });
    post({ t: 'call', id, name, args });
  });
}

/** The same, blocking this thread: SecretBox is synchronous, and only main has the keychain. */
function callMainSync(name: string, ...args: unknown[]): unknown {
  const flag = new SharedArrayBuffer(4);
  post({ t: 'call-sync', name, args, flag });
  Atomics.wait(new Int32Array(flag), 0, 0);
  const r = receiveMessageOnPort(data.syncPort)?.message as { value?: unknown; error?: string } | undefined;
  if (!r) throw new Error(`main did not answer ${name}`);
  if (r.error !== undefined) throw new Error(r.error);
  return r.value;
}

let boxName = data.secretBoxName;
/** Main's SecretBox: plain ones work here; others (the OS keychain) only in main. */
const box = (): SecretBox => {
  boxName ??= callMainSync('boxName') as string;
  return boxName === plainBox.name ? plainBox : keychainBox;
};
const keychainBox: SecretBox = {
  get name() {
    return boxName!;
  },
  seal: (text) => callMainSync('seal', text) as Uint8Array,
  open: (sealed) => callMainSync('open', sealed) as string,
};
const secretBox: SecretBox = {
  get name() {
    return box().name;
  },
  seal: (text) => box().seal(text),
  open: (sealed) => box().open(sealed),
};
const dialog: SaveDialog = { choose: (req) => callMain('saveDialog', req) as Promise<string | undefined> };

const service = openAppService({
  userData: data.userData,
  shippedIndex: data.shippedIndex,
  secretBox,
  dialog,
  log,
  notify: (alert) => post({ t: 'event', name: 'search-alert', data: alert }),
  progress: (p) => post({ t: 'event', name: 'progress', data: p }),
});
const control = appControls(service);
const inflight = new Map<number, AbortController>();
const running = new Set<Promise<unknown>>();
let closing = false;

/** Runs `work` for request `id`, answering it; quitting waits for everything begun here. */
function answer(id: number, work: () => unknown): void {
  const p = (async () => work())().then(
    (value) => post({ t: 'answer', id, value }),
    (e: unknown) => post({ t: 'failed', id, message: e instanceof Error ? e.message : String(e) }),
  );
  running.add(p);
  void p.finally(() => running.delete(p));
}

port.on('message', (m: ToWorker) => {
  switch (m.t) {
    case 'rpc': {
      const ac = new AbortController();
      inflight.set(m.id, ac);
      answer(m.id, async () => {
        try {
          return await invokeUnary(service.handlers, { ...m.req, signal: ac.signal });
        } finally {
          inflight.delete(m.id);
        }
      });
      return;
    }
    case 'abort':
      inflight.get(m.id)?.abort(new Error('cancelled by the caller'));
      return;
    case 'control':
      answer(m.id, () => control[m.name](...m.args));
      return;
    case 'reply': {
      const c = calls.get(m.id);
      calls.delete(m.id);
      if (m.error !== undefined) c?.reject(new Error(m.error));
      else c?.resolve(m.value);
      return;
    }
    case 'close':
      if (closing) return;
      closing = true;
      // In-flight requests (a save, an export's rows) finish first; then sync and exports stop
      // at their next checkpoint, and the files close.
      void Promise.allSettled([...running])
        .then(() => service.close())
        .catch((e: unknown) =>
          log(`jobindex: closing the service failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`),
        )
        .finally(() => {
          post({ t: 'closed' });
          process.exit(0);
        });
      return;
  }
});
post({ t: 'ready' });
