import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { ErrorCode } from '#shared/rules/error-codes';
import { bodyFormat } from '#shared/http/media-type';
import { FieldError } from '#shared/rules/field-error';
import { BODY_MAX_BYTES } from '#shared/rules/limits';

// How a request body is framed (its type, its encoding, its size), before anything reads its
// content. Each refusal carries the spec code the transports answer with.

/** A request refused for its framing; transports answer `code` in their error format. */
export class RequestRefused extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'RequestRefused';
  }
}

/** A body larger than the spec allows (413), raw or once decompressed. */
export class PayloadTooLarge extends RequestRefused {
  constructor() {
    super('payload_too_large', `request body exceeds ${BODY_MAX_BYTES} bytes`);
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

/** The body types an RPC reads (Connect unary: JSON or protobuf binary). */
export const RPC_TYPES = ['application/json', 'application/proto'] as const;

/** Whether an RPC body is binary protobuf (else JSON); 415 for any other or a missing type. */
export function isBinaryRpc(contentType: string | null): boolean {
  const format = bodyFormat(contentType);
  if (!format) {
    throw new RequestRefused(
      'unsupported_media_type',
      `${typeSent(contentType)} is not accepted; send ${RPC_TYPES.join(' or ')}`,
    );
  }
  return format === 'proto';
}

/** Why a REST body is not JSON (`application/json`, UTF-8 or no charset), or undefined when it is. */
export function notJson(contentType: string | null): string | undefined {
  if (bodyFormat(contentType) === 'json') return undefined;
  return `${typeSent(contentType)} is not accepted; the body must be application/json`;
}

function typeSent(contentType: string | null): string {
  return contentType === null ? 'no Content-Type' : `Content-Type ${JSON.stringify(contentType)}`;
}

const gunzipAsync = promisify(gunzip);

/**
 * The body with its `Content-Encoding` undone: none, `identity` or `gzip`. The size limit holds
 * for the decompressed bytes too, so a small gzip bomb is 413 after at most 64 KiB of output.
 */
export async function decodeContent(encoding: string | null, bytes: Uint8Array): Promise<Uint8Array> {
  const name = (encoding ?? '').trim().toLowerCase();
  if (name === '' || name === 'identity') return bytes;
  if (name !== 'gzip') {
    throw new RequestRefused(
      'unsupported_media_type',
      `Content-Encoding ${JSON.stringify(encoding)} is not supported; send gzip, identity or none`,
    );
  }
  try {
    return await gunzipAsync(bytes, { maxOutputLength: BODY_MAX_BYTES });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new PayloadTooLarge();
    throw new FieldError('body', `is not valid gzip (${(e as Error).message})`);
  }
}
