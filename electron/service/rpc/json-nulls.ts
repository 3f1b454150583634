import type { UniversalHandler, UniversalServerResponse } from '@connectrpc/connect/protocol';
import type { JsonValue } from '@bufbuild/protobuf';
import { reachesNullable, withNulls } from '#shared/wire/json-nulls';
import { readBody } from './strict-handler.js';

const isJsonAnswer = (res: UniversalServerResponse) => res.status === 200 && /^application\/json(;|$)/i.test(res.header?.get('content-type') ?? '');

/**
 * Wraps a Connect handler so that its JSON answers write `null` for the fields the spec types
 * "object or null" (protobuf JSON leaves an unset message out). Methods whose answer holds no
 * such field are served as they are; binary answers keep protobuf's absence.
 */
export function nullsInJson(h: UniversalHandler): UniversalHandler {
  const output = h.method.output;
  if (!reachesNullable(output)) return h;
  const wrapped = async (req: Parameters<UniversalHandler>[0]): Promise<UniversalServerResponse> => {
    const res = await h(req);
    if (!isJsonAnswer(res) || res.body === undefined) return res;
    const body = res.body;
    const json: JsonValue =
      typeof body === 'object' && body !== null && Symbol.asyncIterator in body
        ? (JSON.parse(new TextDecoder().decode(await readBody(body as AsyncIterable<Uint8Array>, Number.MAX_SAFE_INTEGER))) as JsonValue)
        : (body as JsonValue);
    const bytes = new TextEncoder().encode(JSON.stringify(withNulls(output, json)));
    const header = new Headers(res.header);
    header.set('Content-Length', String(bytes.byteLength));
    return {
      ...res,
      header,
      body: (async function* () {
        yield bytes;
      })(),
    };
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
