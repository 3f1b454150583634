import type { Code } from '@connectrpc/connect';
import { codeToHttpStatus } from '@connectrpc/connect/protocol-connect';
import { codeName } from '#service/rpc/strict-handler';
import type { IpcRpcResponse } from '#shared/ipc/rpc-message';

/**
 * A Connect error answer as the router itself would write it (the HTTP status Connect gives the
 * code), so the renderer's client raises a ConnectError with this code and message.
 */
export function connectErrorResponse(code: Code, message: string): IpcRpcResponse {
  return {
    status: codeToHttpStatus(code),
    headers: { 'content-type': 'application/json' },
    body: new TextEncoder().encode(JSON.stringify({ code: codeName(code), message })),
  };
}
