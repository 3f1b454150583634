import { create, type DescMessage, type Message } from '@bufbuild/protobuf';
import { createContextKey, createContextValues, type ContextValues, type Interceptor } from '@connectrpc/connect';
import type { UniversalHandler, UniversalServerResponse } from '@connectrpc/connect/protocol';
import { reachesNullable, toWireJson } from '#shared/wire/json-nulls';
import { readBody } from './request-body.js';
import { wrapHandler } from './wrap-handler.js';

const isJsonAnswer = (res: { header?: Headers }) =>
  /^application\/json(;|$)/i.test(res.header?.get('content-type') ?? '');

/** Where `jsonAside` leaves a JSON answer's bytes for `nullsInJson` (set only by nullsInJson). */
const ASIDE = createContextKey<{ bytes?: Uint8Array } | undefined>(undefined, { description: 'json answer aside' });

/** The caller's values plus this request's own slot, never written into the caller's (it may share them). */
function withAside(outer: ContextValues | undefined, aside: { bytes?: Uint8Array }): ContextValues {
  if (!outer) return createContextValues().set(ASIDE, aside);
  const values: ContextValues = {
    get: <T>(key: { id: symbol; defaultValue: T }): T => (key.id === ASIDE.id ? (aside as T) : outer.get(key)),
    set: (key, value) => (outer.set(key, value), values),
    delete: (key) => (outer.delete(key), values),
  };
  return values;
}

const encoder = new TextEncoder();
const empty = new Map<string, Message>();
const emptyOf = (desc: DescMessage) => {
  let m = empty.get(desc.typeName);
  if (!m) empty.set(desc.typeName, (m = create(desc)));
  return m;
};

/**
 * The outermost interceptor of the router (createHandlers): a JSON answer of a method
 * `nullsInJson` wraps is written here once, from the message, with `null` for the spec's
 * nullable fields (toWireJson), and Connect is handed an empty message to serialize instead.
 * Serializing in Connect and then parsing and writing it again with the nulls cost ~9% of a
 * List's CPU (BENCHMARKS.md, issue 30, sixth session). A throw here is answered by Connect
 * as a failed serialization was: `internal`.
 */
export const jsonAside: Interceptor = (next) => async (req) => {
  const res = await next(req);
  const aside = req.contextValues.get(ASIDE);
  if (!aside || res.stream || !isJsonAnswer(res)) return res;
  aside.bytes = encoder.encode(JSON.stringify(toWireJson(res.method.output, res.message)));
  return { ...res, message: emptyOf(res.method.output) };
};

/**
 * Wraps a Connect handler so that its JSON answers write `null` for the fields the spec types
 * "object or null" (protobuf JSON leaves an unset message out). Methods whose answer holds no
 * such field are served as they are; binary answers keep protobuf's absence. The JSON itself is
 * written by `jsonAside`, which must be among the router's interceptors.
 */
export function nullsInJson(h: UniversalHandler): UniversalHandler {
  if (!reachesNullable(h.method.output)) return h;
  return wrapHandler(h, async (req): Promise<UniversalServerResponse> => {
    const aside: { bytes?: Uint8Array } = {};
    const res = await h({ ...req, contextValues: withAside(req.contextValues, aside) });
    const bytes = aside.bytes;
    // Answers are never compressed: the router accepts no compression (createHandlers), so
    // Connect writes identity whatever the client accepts (test/server/bad-input.test.ts).
    if (res.status !== 200 || !isJsonAnswer(res) || bytes === undefined) return res;
    // What Connect wrote is the empty stand-in; the answer is the bytes set aside.
    if (res.body) await readBody(res.body, Number.MAX_SAFE_INTEGER);
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
