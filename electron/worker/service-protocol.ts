// The messages between the main thread and the service worker (service-worker.ts): the
// renderer's request bytes one way, the answer bytes back, plus the few things only the main
// thread can do (the save dialog, the OS keychain) and the worker's lifecycle. Structured clone
// carries them; Uint8Array bodies arrive as Uint8Array.
import type { MessagePort } from 'node:worker_threads';
import type { SyncPhase } from '#service/sync/progress';

export interface WireRequest {
  path: string;
  contentType?: string;
  headers?: Record<string, string>;
  body: Uint8Array;
}

export interface WireResponse {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

/** What the worker is started with (workerData). */
export interface ServiceWorkerData {
  userData: string;
  /** The index shipped with the app, installed into userData when newer. */
  shippedIndex: string;
  /**
   * The SecretBox main seals secrets with ('plain' where the OS has no keychain); the worker asks
   * main to seal and open. Absent when the worker starts before the app is ready (early-worker.ts):
   * the worker then asks main for it (the `boxName` call) when it first needs it.
   */
  secretBoxName?: string;
  /** The worker answers its synchronous calls to main (the keychain) on this port. */
  syncPort: MessagePort;
}

/** Main thread → worker. */
export type ToWorker =
  | { t: 'rpc'; id: number; req: WireRequest }
  | { t: 'abort'; id: number }
  | { t: 'control'; id: number; name: ControlName; args: unknown[] }
  | { t: 'reply'; id: number; value?: unknown; error?: string }
  | { t: 'close' };

/** Worker → main thread. */
export type FromWorker =
  | { t: 'ready' }
  | { t: 'answer'; id: number; value: unknown }
  | { t: 'failed'; id: number; message: string }
  | { t: 'call'; id: number; name: string; args: unknown[] }
  | { t: 'call-sync'; name: string; args: unknown[]; flag: SharedArrayBuffer }
  | { t: 'event'; name: string; data: unknown }
  | { t: 'log'; line: string }
  | { t: 'closed' };

/** The `search-alert` event's data: what main's notification shows, and the search a click opens. */
export interface SearchAlertNote {
  searchId: string;
  title: string;
  body: string;
}

/** What main asks of the service besides RPC: the window's place lives in the user's settings; a sync now. */
export type ControlName = 'settings.get' | 'settings.set' | 'sync.now';

/**
 * Long work the service reports to main as it goes (a `progress` event from the worker): a sync's
 * phase and counts, then `over` once it has ended, however it ended.
 */
export type ServiceProgress =
  { task: 'sync'; phase: SyncPhase; done: number; total?: number } | { task: 'sync'; over: true };
