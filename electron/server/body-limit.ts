import type { IncomingMessage } from 'node:http';
import { BODY_MAX_BYTES } from '#shared/rules/limits';
import { PayloadTooLarge, readBody } from '#service/rpc/request-body';

/**
 * The whole body of a request, or PayloadTooLarge without reading more than the limit: a
 * declared Content-Length over the limit is refused before reading anything, and a chunked (or
 * lying) body is refused as soon as the bytes read pass the limit.
 */
export async function readLimitedBody(req: IncomingMessage, max = BODY_MAX_BYTES): Promise<Uint8Array> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > max) throw new PayloadTooLarge();
  return readBody(req, max);
}
