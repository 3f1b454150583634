import type { UniversalHandler, UniversalServerRequest, UniversalServerResponse } from '@connectrpc/connect/protocol';
import { FieldError } from '#shared/rules/field-error';
import { parseJsonText } from '#shared/wire/json-text';
import { checkBinary } from './binary-body.js';
import { connectErrorAnswer, fieldConnectError, specErrorAnswer, type WireAnswer } from './connect-error.js';
import { decodeContent, isBinaryRpc, readBody, RequestRefused, RPC_TYPES } from './request-body.js';
import { STORAGE_CODE_HEADER } from './storage-code.js';
import { checkMessage } from './strict-json.js';
import { wrapHandler } from './wrap-handler.js';

function universal(a: WireAnswer): UniversalServerResponse {
  return {
    status: a.status,
    header: new Headers(a.headers),
    body: (async function* () {
      yield a.body;
    })(),
  };
}

/** The body as Connect will read it: JSON already parsed and checked, binary bytes checked. */
async function strictBody(h: UniversalHandler, req: UniversalServerRequest): Promise<UniversalServerRequest['body']> {
  const binary = isBinaryRpc(req.header.get('content-type'));
  const raw = req.body;
  const bytes = await decodeContent(
    req.header.get('content-encoding'),
    raw instanceof Uint8Array ? raw : await readBody(raw as AsyncIterable<Uint8Array>),
  );
  if (binary) {
    const checked = checkBinary(h.method.input, bytes);
    return (async function* () {
      yield checked;
    })();
  }
  const json = bytes.byteLength === 0 ? {} : parseJsonText(bytes);
  checkMessage(h.method.input, json);
  return json as UniversalServerRequest['body'];
}

/** An error sqlite/storage-errors.ts marked: answered under its own code (Connect has none for a full disk). */
async function storageCode(res: UniversalServerResponse): Promise<UniversalServerResponse> {
  if (res.header?.get(STORAGE_CODE_HEADER) !== 'insufficient_storage') return res;
  const chunks: Uint8Array[] = [];
  if (res.body) for await (const c of res.body as AsyncIterable<Uint8Array>) chunks.push(c);
  const message =
    (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { message?: string }).message ?? 'the disk is full';
  return universal(specErrorAnswer('insufficient_storage', message));
}

/**
 * Wraps a Connect handler so that every unary request is held to the spec's body rules before
 * Connect reads it: a type it reads (else 415), an encoding it reads (gzip or none), at most
 * 64 KiB before and after decompression (413), and a body that decodes with no unknown or
 * mistyped field (400 naming it). Connect would answer several of these 415 with no body, 429,
 * 501 or 500.
 */
export function strictHandler(h: UniversalHandler): UniversalHandler {
  return wrapHandler(h, async (req: UniversalServerRequest): Promise<UniversalServerResponse> => {
    if (req.method !== 'POST' || h.method.methodKind !== 'unary') return h(req);
    let body: UniversalServerRequest['body'];
    try {
      body = await strictBody(h, req);
    } catch (e) {
      if (e instanceof FieldError) return universal(connectErrorAnswer(fieldConnectError(e)));
      if (e instanceof RequestRefused) return universal(specErrorAnswer(e.code, e.message));
      throw e;
    }
    // The body is decoded (and may be shorter): Connect must not undo the encoding again (it
    // knows none and would answer 501) nor hold the body to the length sent.
    // Nor judge the type again by its narrower rule: it gets the one spelling it takes.
    const header = new Headers(req.header);
    header.delete('content-encoding');
    header.delete('content-length');
    header.set('content-type', isBinaryRpc(req.header.get('content-type')) ? RPC_TYPES[1] : RPC_TYPES[0]);
    return storageCode(await h({ ...req, header, body }));
  });
}
