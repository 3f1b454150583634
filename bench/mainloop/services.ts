// The app's service the two ways main can run it, behind one face for bench:mainloop: in the main
// thread (openAppService and the router, as main ran it before #15) or in its worker thread
// (startServiceHost on the bundled dist/app/service-worker.js, as the app runs it now).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { invokeUnary } from '#service/rpc/invoke';
import { bundledIndexPath, packageRoot } from '#service/paths';
import { plainBox } from '#service/user-db/secrets';
import { appControls, openAppService } from '../../electron/worker/app-service.js';
import { startServiceHost } from '../../electron/shell/service-host.js';
import type { ControlName, FromWorker, ServiceWorkerData, WireRequest, WireResponse } from '#worker/service-protocol';
import type { Arrival } from './stall-report.js';

/** Roughly what structured clone carried: an answer's body, a log line, an event's fields. */
function messageBytes(m: FromWorker): number {
  if (m.t === 'answer') return (m.value as Partial<WireResponse> | undefined)?.body?.byteLength ?? 0;
  if (m.t === 'log') return m.line.length;
  if (m.t === 'event') return JSON.stringify(m.data).length;
  return 0;
}

export interface BenchService {
  request(req: WireRequest): Promise<WireResponse>;
  control(name: ControlName, ...args: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}

export type ServiceMode = 'in-thread' | 'worker';

const workerFile = join(packageRoot, 'dist', 'app', 'service-worker.js');
/**
 * BENCH_MAINLOOP_WORKER_NICE=n: the worker thread lowers its own scheduling priority first (Linux:
 * nice is per thread, and setpriority(0) is the calling thread), to see whether main's stalls come
 * from competing with it for a core.
 */
const NICE =
  process.env.BENCH_MAINLOOP_WORKER_NICE === undefined ? undefined : Number(process.env.BENCH_MAINLOOP_WORKER_NICE);
const niced = (n: number) =>
  `require('node:os').setPriority(0, ${n}); import(${JSON.stringify(pathToFileURL(workerFile).href)});`;

/** The service on `userData`, its save dialog answering `exportPath`; logs go to stderr. */
export function startBenchService(
  mode: ServiceMode,
  userData: string,
  exportPath: string,
  onArrival?: (a: Arrival) => void,
): BenchService {
  const log = (line: string) => process.stderr.write(`  [${mode}] ${line}\n`);
  if (mode === 'in-thread') {
    const service = openAppService({
      userData,
      shippedIndex: bundledIndexPath,
      secretBox: plainBox,
      dialog: { choose: () => Promise.resolve(exportPath) },
      log,
      notify: () => {},
    });
    const controls = appControls(service);
    return {
      request: (req) => invokeUnary(service.handlers, req),
      control: async (name, ...args) => controls[name](...args),
      close: () => service.close(),
    };
  }
  return startServiceHost({
    spawn: (syncPort) => {
      const w = new Worker(NICE === undefined ? workerFile : niced(NICE), {
        ...(NICE === undefined ? {} : { eval: true }),
        workerData: {
          userData,
          shippedIndex: bundledIndexPath,
          secretBoxName: plainBox.name,
          syncPort,
        } satisfies ServiceWorkerData,
        transferList: [syncPort],
      });
      if (onArrival)
        w.on('message', (m: FromWorker) =>
          onArrival({ at: performance.timeOrigin + performance.now(), t: m.t, bytes: messageBytes(m) }),
        );
      return w;
    },
    calls: { saveDialog: () => Promise.resolve(exportPath) },
    log,
  });
}
