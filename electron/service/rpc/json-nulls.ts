import type { UniversalHandler, UniversalServerResponse } from '@connectrpc/connect/protocol';
import type { JsonValue } from '@bufbuild/protobuf';
import { reachesNullable, withNulls } from '#shared/wire/json-nulls';
import { readBody } from './request-body.js';
import { wrapHandler } from './wrap-handler.js';

const isJsonAnswer = (res: UniversalServerResponse) =>
  res.status === 200 && /^application\/json(;|$)/i.test(res.header?.get('content-type') ?? '');

/**
 * Wraps a Connect handler so that its JSON answers write `null` for the fields the spec types
 * "object or null" (protobuf JSON leaves an unset message out). Methods whose answer holds no
 * such field are served as they are; binary answers keep protobuf's absence.
 */
export function nullsInJson(h: UniversalHandler): UniversalHandler {
  const output = h.method.output;
  if (!reachesNullable(output)) return h;
  return wrapHandler(h, async (req) => {
    const res = await h(req);
    // Answers are never compressed: the router accepts no compression (createHandlers), so
    // Connect writes identity whatever the client accepts (test/server/bad-input.test.ts).
    if (!isJsonAnswer(res) || res.body === undefined) return res;
    const raw = await readBody(res.body, Number.MAX_SAFE_INTEGER);
    const json = JSON.parse(new TextDecoder().decode(raw)) as JsonValue;
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
  });
}
