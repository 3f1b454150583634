// The renderer's only door to main. A sandboxed preload can require nothing but `electron` (no
// local files), so this file imports only types and spells the two names out; tsc checks they
// equal the shared constants.
import electron = require('electron');
import type { BRIDGE_KEY, JobIndexBridge, OPEN_SEARCH_CHANNEL } from '#shared/ipc/bridge';
import type { RPC_CHANNEL, IpcRpcRequest, IpcRpcResponse } from '#shared/ipc/rpc-message';

const { contextBridge, ipcRenderer } = electron;
const channel: typeof RPC_CHANNEL = 'jobindex:rpc';
const key: typeof BRIDGE_KEY = 'jobIndex';
const openSearch: typeof OPEN_SEARCH_CHANNEL = 'jobindex:open-search';

const bridge: JobIndexBridge = {
  // Only the three fields cross, so the page cannot smuggle anything else onto the channel.
  request: (req: IpcRpcRequest): Promise<IpcRpcResponse> =>
    ipcRenderer.invoke(channel, { path: req.path, headers: req.headers, body: req.body }),
  // Only the id crosses, never the IPC event (it would hand the page the sender).
  onOpenSearch: (listener) => {
    ipcRenderer.on(openSearch, (_event, id: unknown) => listener(String(id)));
  },
};

contextBridge.exposeInMainWorld(key, bridge);
