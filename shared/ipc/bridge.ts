import type { IpcRpcRequest, IpcRpcResponse } from './rpc-message.js';

/** The global name under which the preload exposes the bridge (`window.jobIndex`). */
export const BRIDGE_KEY = 'jobIndex';

/** Everything the preload exposes to the renderer: one function, one request at a time. */
export interface JobIndexBridge {
  request(req: IpcRpcRequest): Promise<IpcRpcResponse>;
}
