import type { SearchExclusions } from '#service/index-db/search/job-search';

/** What a read worker is started with (read-pool.ts). */
export interface ReadWorkerData {
  indexFile: string;
}

/** One request for a read worker: the RPC's path, URL, headers and body bytes. */
export interface ReadJob {
  id: number;
  path: string;
  url: string;
  headers: Record<string, string>;
  body: Uint8Array;
  /** The user's exclusions, when they changed since this worker last got them. */
  exclusions?: SearchExclusions;
}

export type FromWorker =
  | { type: 'ready' }
  | { type: 'unexpected'; requestId: string; name: string; message: string; stack?: string }
  | { type: 'answer'; id: number; status: number; headers: Record<string, string>; body: Uint8Array };
