import { Code } from '@connectrpc/connect';
import type { UniversalHandler } from '@connectrpc/connect/protocol';
import type { IpcRpcResponse } from '#shared/ipc/rpc-message';
import { FieldError } from '#shared/rules/field-error';
import { codeErrorAnswer, connectErrorAnswer, fieldConnectError } from '#service/rpc/connect-error';
import { invokeUnary, type RawRequest, type RawResponse } from '#service/rpc/invoke';
import type { IpcSender } from './trusted-sender.js';
import { parseIpcRequest } from './ipc-request.js';

export type RpcIpcHandler = (event: IpcSender, message: unknown) => Promise<IpcRpcResponse>;

/** Runs one request: through a router here, or in the service worker (service-host.ts). */
export type InvokeRpc = (req: RawRequest) => Promise<RawResponse>;

/**
 * The main side of the RPC channel: refuses senders that are not our renderer, checks the
 * message, and runs it through the same router as `jobindex serve`.
 */
export function createRpcIpcHandler(
  handlers: Map<string, UniversalHandler> | InvokeRpc,
  isTrusted: (event: IpcSender) => boolean,
): RpcIpcHandler {
  const invoke: InvokeRpc = typeof handlers === 'function' ? handlers : (r) => invokeUnary(handlers, r);
  return async (event, message) => {
    if (!isTrusted(event)) {
      return codeErrorAnswer(
        Code.PermissionDenied,
        `refused: ${event.senderFrame?.url ?? 'a detached frame'} is not the app`,
      );
    }
    let req;
    try {
      req = parseIpcRequest(message);
    } catch (e) {
      if (e instanceof FieldError) return connectErrorAnswer(fieldConnectError(e));
      throw e;
    }
    const { 'content-type': contentType, ...headers } = req.headers;
    const res = await invoke({ path: req.path, contentType, headers, body: req.body });
    // Structured clone carries a Buffer as a plain Uint8Array anyway; say so in the type.
    return {
      status: res.status,
      headers: res.headers,
      body: new Uint8Array(res.body.buffer, res.body.byteOffset, res.body.byteLength),
    };
  };
}
