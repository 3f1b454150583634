/**
 * The one IPC channel between the renderer and main: a Connect request (the HTTP request the
 * renderer's Connect client would send to `jobindex serve`) in, the HTTP answer out. Bodies are
 * bytes, so JSON and binary Connect both pass unchanged.
 */
export const RPC_CHANNEL = 'jobindex:rpc';

export interface IpcRpcRequest {
  /** The RPC path, e.g. `/svc.jobs.v1.JobsService/List`. */
  path: string;
  /** Request headers, lowercase names (`content-type`, `connect-protocol-version`, …). */
  headers: Record<string, string>;
  body: Uint8Array;
}

export interface IpcRpcResponse {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}
