import { ipcMain, type WebContents } from 'electron';
import { RPC_CHANNEL } from '#shared/ipc/rpc-message';
import { createRpcIpcHandler, type InvokeRpc } from './ipc/rpc-ipc-handler.js';
import { isTrustedSender } from './ipc/trusted-sender.js';

/** Answers the renderer's Connect requests on the one RPC channel; only `trust`ed web contents get answers. */
export function serveRpcOverIpc(handlers: InvokeRpc): { trust(contents: WebContents): void } {
  const own = new Set<number>();
  const handle = createRpcIpcHandler(handlers, (event) => isTrustedSender(event, own));
  ipcMain.handle(RPC_CHANNEL, (event, message: unknown) => handle(event, message));
  return {
    trust(contents) {
      const id = contents.id;
      own.add(id);
      contents.once('destroyed', () => own.delete(id));
    },
  };
}
