import { Code, ConnectError } from '@connectrpc/connect';
import { codeToHttpStatus, errorToJson } from '@connectrpc/connect/protocol-connect';
import { BadRequestSchema } from '#shared/gen/google/rpc/error_details_pb';
import { ERROR_CODES, rpcCodeName, type ErrorCode } from '#shared/rules/error-codes';
import { FieldError } from '#shared/rules/field-error';

// The one place Connect error bodies are built, for every transport (HTTP, Electron IPC, the
// service worker, in-memory). Connect's own serializer writes `{code, message, details}`; see
// docs/decisions/errors.md for the codes and the field detail.

/** An answer as bytes, as every transport writes it. */
export interface WireAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

/**
 * A ConnectError as the Connect protocol writes it. `spec` is for an error the transport itself
 * decides (a body too large, a wrong content type): the spec's code and status then replace
 * Connect's, which has no code for 405, 413, 415 or 431.
 */
export function connectErrorAnswer(error: ConnectError, spec?: ErrorCode): WireAnswer {
  const json = errorToJson(error, undefined);
  if (spec) json.code = rpcCodeName(spec);
  const body = new TextEncoder().encode(JSON.stringify(json));
  return {
    status: spec ? ERROR_CODES[spec].status : codeToHttpStatus(error.code),
    headers: { 'content-type': 'application/json', 'content-length': String(body.byteLength) },
    body,
  };
}

/** An error the transport decides, in the Connect envelope under the spec's code. */
export function specErrorAnswer(code: ErrorCode, message: string): WireAnswer {
  return connectErrorAnswer(new ConnectError(message, Code.Unknown), code);
}

/** An error of Connect's own codes (a refused IPC sender, a crashed worker). */
export function codeErrorAnswer(code: Code, message: string): WireAnswer {
  return connectErrorAnswer(new ConnectError(message, code));
}

/**
 * A broken request rule as `invalid_argument`: the path leads the message, and a
 * `google.rpc.BadRequest` detail carries it machine-readably (`details[0].debug.fieldViolations`).
 */
export function fieldConnectError(e: FieldError): ConnectError {
  return new ConnectError(e.message, Code.InvalidArgument, undefined, [
    { desc: BadRequestSchema, value: { fieldViolations: [{ field: e.field, description: e.problem }] } },
  ]);
}
