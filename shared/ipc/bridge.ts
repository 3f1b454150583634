import type { IpcRpcRequest, IpcRpcResponse } from './rpc-message.js';

/** The global name under which the preload exposes the bridge (`window.jobIndex`). */
export const BRIDGE_KEY = 'jobIndex';

/** Main → renderer: a search alert was clicked; open that saved search (its id). */
export const OPEN_SEARCH_CHANNEL = 'jobindex:open-search';

/** Everything the preload exposes to the renderer: requests, one at a time, and one event. */
export interface JobIndexBridge {
  request(req: IpcRpcRequest): Promise<IpcRpcResponse>;
  /** Called with a saved search's id when the person clicks its desktop notification. */
  onOpenSearch(listener: (searchId: string) => void): void;
}
