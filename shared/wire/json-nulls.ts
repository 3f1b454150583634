import {
  toJson,
  type DescField,
  type DescMessage,
  type JsonObject,
  type JsonValue,
  type MessageShape,
} from '@bufbuild/protobuf';

/**
 * The message types the spec types "object or null" (a job's `salary`, card and detail).
 * protobuf has no null for a message field: it is absent in a message, and written `null`
 * in our JSON (docs/decisions/null-and-absent.md).
 */
const NULLABLE = new Set(['svc.jobs.v1.Salary']);

const messageOf = (f: DescField): DescMessage | undefined =>
  f.fieldKind === 'message' || (f.fieldKind === 'list' && f.listKind === 'message') ? f.message : undefined;
const isNullable = (f: DescField) => f.fieldKind === 'message' && NULLABLE.has(f.message.typeName);

function walk(desc: DescMessage, seen: Set<string>): boolean {
  if (seen.has(desc.typeName)) return false;
  seen.add(desc.typeName);
  return desc.fields.some((f) => {
    const m = messageOf(f);
    return m !== undefined && (NULLABLE.has(m.typeName) || walk(m, seen));
  });
}

const reach = new Map<string, boolean>();

/** Whether a message holds a nullable field anywhere inside it (cached per type). */
export function reachesNullable(desc: DescMessage): boolean {
  let found = reach.get(desc.typeName);
  if (found === undefined) reach.set(desc.typeName, (found = walk(desc, new Set())));
  return found;
}

const isObject = (v: JsonValue | undefined): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `json` (the protobuf JSON of a `desc` message) with `null` for each absent nullable field,
 * in field order, so `salary` sits where a present one would.
 */
function withNulls(desc: DescMessage, json: JsonValue): JsonValue {
  if (!isObject(json) || !reachesNullable(desc)) return json;
  const out: JsonObject = {};
  for (const f of desc.fields) {
    const v = json[f.jsonName];
    if (v === undefined) {
      if (isNullable(f)) out[f.jsonName] = null;
      continue;
    }
    const m = messageOf(f);
    out[f.jsonName] = m === undefined ? v : Array.isArray(v) ? v.map((item) => withNulls(m, item)) : withNulls(m, v);
  }
  return out;
}

/** A message as the service writes it in JSON: defaults included, nullable fields `null`. */
export function toWireJson<D extends DescMessage>(schema: D, msg: MessageShape<D>): JsonValue {
  return withNulls(schema, toJson(schema, msg, { alwaysEmitImplicit: true }));
}
