import { ScalarType, type DescField, type DescMessage } from '@bufbuild/protobuf';
import { FieldError } from '#shared/rules/field-error';

// The spec rejects unknown request fields and names the offending one by its dotted path.
// Connect can only reject them without a path, so JSON bodies are checked here against the
// method's schema first: unknown keys and wrong JSON types, named as the client wrote them.
// Names are the spec's camelCase JSON names only: protobuf JSON would also take the proto
// (snake_case) name, which the spec's own example calls an unknown field (`filters.work_mode`).

const INT32 = new Set([ScalarType.INT32, ScalarType.SINT32, ScalarType.SFIXED32]);
const UINT32 = new Set([ScalarType.UINT32, ScalarType.FIXED32]);
const INT64 = new Set([
  ScalarType.INT64,
  ScalarType.SINT64,
  ScalarType.SFIXED64,
  ScalarType.UINT64,
  ScalarType.FIXED64,
]);

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function jsonKind(v: unknown): string {
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

// Integers are JSON numbers, as the spec types them; a quoted "10" is refused. 64-bit integers
// alone may also come as decimal strings: protobuf JSON writes them so (a JSON number cannot hold
// every 64-bit value), and every Connect client sends them that way.
function checkScalar(t: ScalarType, v: unknown, path: string): void {
  // Each refusal says which of the three is wrong; the field's own range (limit: 1 to 100) is its rule's to say.
  const int = (min: number, max: number) => {
    if (typeof v !== 'number')
      throw new FieldError(path, `must be an integer written as a JSON number, not ${jsonKind(v)}`);
    if (!Number.isInteger(v)) throw new FieldError(path, `must be a whole number, got ${v}`);
    if (v < min || v > max) throw new FieldError(path, `must be an integer from ${min} to ${max}, got ${v}`);
  };
  if (t === ScalarType.STRING || t === ScalarType.BYTES) {
    if (typeof v !== 'string') throw new FieldError(path, 'must be a string');
  } else if (t === ScalarType.BOOL) {
    if (typeof v !== 'boolean') throw new FieldError(path, 'must be true or false');
  } else if (INT32.has(t)) int(-2147483648, 2147483647);
  else if (UINT32.has(t)) int(0, 4294967295);
  else if (INT64.has(t)) {
    if (!(typeof v === 'number' && Number.isSafeInteger(v)) && !(typeof v === 'string' && /^-?\d{1,20}$/.test(v))) {
      throw new FieldError(path, 'must be an integer (beyond 2^53 as a decimal string)');
    }
  } else if (typeof v !== 'number' || !Number.isFinite(v)) throw new FieldError(path, 'must be a number');
}

function checkValue(field: DescField, kind: 'scalar' | 'enum' | 'message', v: unknown, path: string): void {
  if (v === null) return; // JSON null means "not set"
  if (kind === 'scalar' && field.scalar !== undefined) checkScalar(field.scalar, v, path);
  else if (kind === 'enum') {
    if (typeof v !== 'string' && typeof v !== 'number') throw new FieldError(path, 'must be a string');
  } else if (kind === 'message' && field.message) {
    // Well-known types have their own JSON forms (a Timestamp is a string).
    if (field.message.typeName.startsWith('google.protobuf.')) return;
    checkMessage(field.message, v, path);
  }
}

/**
 * Throws a FieldError naming the first unknown or mistyped field of `json`, and deletes the
 * `google.protobuf.Value` fields from it: they are the spec's "accepted and silently dropped"
 * fields (CompaniesService.ListJobs), so no depth or shape of theirs can fail a request.
 */
export function checkMessage(desc: DescMessage, json: unknown, path = ''): void {
  if (!isObject(json)) throw new FieldError(path || 'body', 'must be a JSON object');
  for (const [key, v] of Object.entries(json)) {
    const at = path ? `${path}.${key}` : key;
    const field = desc.fields.find((f) => f.jsonName === key);
    if (!field) throw new FieldError(at, 'unknown field');
    if (isDropped(field)) {
      delete json[key];
      continue;
    }
    switch (field.fieldKind) {
      case 'scalar':
      case 'enum':
      case 'message':
        checkValue(field, field.fieldKind, v, at);
        break;
      case 'list':
        if (v === null) break;
        if (!Array.isArray(v)) throw new FieldError(at, 'must be an array');
        v.forEach((item, i) => checkValue(field, field.listKind, item, `${at}[${i}]`));
        break;
      case 'map':
        if (v !== null && !isObject(v)) throw new FieldError(at, 'must be an object');
        break;
    }
  }
}

/** A field declared `google.protobuf.Value`: any value, read by nobody. */
export function isDropped(field: DescField): boolean {
  return field.fieldKind === 'message' && field.message.typeName === 'google.protobuf.Value';
}

/** Binary requests: unknown field numbers anywhere in the message are refused the same way. */
export function checkNoUnknownFields(desc: DescMessage, msg: Record<string, unknown>, path = ''): void {
  const unknown = msg.$unknown as Array<{ no: number }> | undefined;
  if (unknown?.length)
    throw new FieldError(path ? `${path}.#${unknown[0]!.no}` : `#${unknown[0]!.no}`, 'unknown field');
  for (const f of desc.fields) {
    const v = msg[f.localName];
    const at = path ? `${path}.${f.jsonName}` : f.jsonName;
    if (f.fieldKind === 'message' && isObject(v)) checkNoUnknownFields(f.message, v, at);
    if (f.fieldKind === 'list' && f.listKind === 'message' && Array.isArray(v)) {
      v.forEach((item, i) => isObject(item) && checkNoUnknownFields(f.message, item, `${at}[${i}]`));
    }
  }
}
