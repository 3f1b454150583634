import { Code } from '@connectrpc/connect';
import type { UniversalHandler, UniversalServerRequest, UniversalServerResponse } from '@connectrpc/connect/protocol';
import { FieldError } from '#shared/rules/field-error';
import { BODY_MAX_BYTES } from '#shared/rules/limits';
import { checkMessage } from './strict-json.js';

/** Thrown when a body is larger than the spec allows; transports answer 413. */
export class PayloadTooLarge extends Error {
  constructor() {
    super(`request body exceeds ${BODY_MAX_BYTES} bytes`);
  }
}

/** Reads a request body, giving up (without reading the rest) once it passes the limit. */
export async function readBody(body: AsyncIterable<Uint8Array>, max = BODY_MAX_BYTES): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > max) throw new PayloadTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function errorResponse(status: number, code: string, message: string): UniversalServerResponse {
  const body = new TextEncoder().encode(JSON.stringify({ code, message }));
  return {
    status,
    header: new Headers({ 'Content-Type': 'application/json', 'Content-Length': String(body.byteLength) }),
    body: (async function* () {
      yield body;
    })(),
  };
}

/** Code.InvalidArgument → `invalid_argument`, as the Connect protocol names it on the wire. */
export function codeName(code: Code): string {
  return Code[code].replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
}

function isConnectJson(req: UniversalServerRequest): boolean {
  const type = req.header.get('content-type') ?? '';
  return req.method === 'POST' && /^application\/json(;|$)/i.test(type);
}

/**
 * Wraps a Connect handler so that unary JSON requests are held to the spec's strict body rules
 * before Connect decodes them: at most 64 KiB, valid JSON, no unknown or mistyped field.
 */
export function strictHandler(h: UniversalHandler): UniversalHandler {
  const wrapped = async (req: UniversalServerRequest): Promise<UniversalServerResponse> => {
    if (!isConnectJson(req) || h.method.methodKind !== 'unary') return h(req);
    const body = req.body;
    let json: unknown = body;
    if (typeof body === 'object' && body !== null && Symbol.asyncIterator in body) {
      let bytes: Uint8Array;
      try {
        bytes = await readBody(body as AsyncIterable<Uint8Array>);
      } catch (e) {
        // The spec's 413 rather than Connect's own limit answer (429 resource_exhausted).
        if (e instanceof PayloadTooLarge) return errorResponse(413, 'payload_too_large', e.message);
        throw e;
      }
      try {
        json = bytes.byteLength === 0 ? {} : JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
      } catch {
        return errorResponse(400, codeName(Code.InvalidArgument), 'body: is not valid UTF-8 JSON');
      }
    }
    try {
      checkMessage(h.method.input, json);
    } catch (e) {
      if (e instanceof FieldError) return errorResponse(400, codeName(Code.InvalidArgument), e.message);
      throw e;
    }
    return h({ ...req, body: json as UniversalServerRequest['body'] });
  };
  return Object.assign(wrapped, {
    protocolNames: h.protocolNames,
    service: h.service,
    method: h.method,
    requestPath: h.requestPath,
    allowedMethods: h.allowedMethods,
    supportedContentType: h.supportedContentType,
  });
}
