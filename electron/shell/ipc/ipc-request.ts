import { FieldError } from '#shared/rules/field-error';
import type { IpcRpcRequest } from '#shared/ipc/rpc-message';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks what arrived on the RPC channel: a renderer is untrusted input even when it is ours, so
 * a malformed message is answered with the field it got wrong, never a crash in main.
 */
export function parseIpcRequest(value: unknown): IpcRpcRequest {
  if (!isRecord(value)) throw new FieldError('request', 'must be an object with path, headers and body');
  const { path, headers, body } = value;
  if (typeof path !== 'string' || !/^\/[\w.]+\/\w+$/.test(path)) {
    throw new FieldError(
      'request.path',
      `must be an RPC path like /package.Service/Method, got ${JSON.stringify(path)}`,
    );
  }
  if (!isRecord(headers)) throw new FieldError('request.headers', 'must be an object of header names to strings');
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (typeof v !== 'string') throw new FieldError(`request.headers.${k}`, 'must be a string');
    clean[k.toLowerCase()] = v;
  }
  if (!(body instanceof Uint8Array)) throw new FieldError('request.body', 'must be bytes (Uint8Array)');
  return { path, headers: clean, body };
}
