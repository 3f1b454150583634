import { fromBinary, type DescMessage } from '@bufbuild/protobuf';
import { BinaryReader } from '@bufbuild/protobuf/wire';
import { FieldError } from '#shared/rules/field-error';
import { checkNoUnknownFields, isDropped } from './strict-json.js';

/**
 * Checks a binary (protobuf) request before Connect decodes it, so that undecodable bytes are a
 * 400 saying what is wrong rather than Connect's 500: truncated, a field number 0, a wrong wire
 * type, JSON sent as `application/proto`, or a field this message does not have. Returns the
 * bytes to decode, without the top-level `google.protobuf.Value` fields (dropped unread, at any
 * depth, as in JSON).
 */
export function checkBinary(desc: DescMessage, bytes: Uint8Array): Uint8Array {
  try {
    const kept = withoutDropped(desc, bytes);
    checkNoUnknownFields(desc, fromBinary(desc, kept) as unknown as Record<string, unknown>);
    return kept;
  } catch (e) {
    if (e instanceof FieldError) throw e;
    throw new FieldError('body', `is not a valid protobuf ${desc.typeName} (${(e as Error).message})`);
  }
}

function withoutDropped(desc: DescMessage, bytes: Uint8Array): Uint8Array {
  const dropped = new Set(desc.fields.filter(isDropped).map((f) => f.number));
  if (dropped.size === 0) return bytes;
  const r = new BinaryReader(bytes);
  const kept: Uint8Array[] = [];
  while (r.pos < r.len) {
    const start = r.pos;
    const [no, wireType] = r.tag();
    r.skip(wireType, no);
    if (!dropped.has(no)) kept.push(bytes.subarray(start, r.pos));
  }
  return Buffer.concat(kept);
}
