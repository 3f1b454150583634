import { FieldError } from '#shared/rules/field-error';
import { parseJsonText } from '#shared/wire/json-text';

/** Parses a request body as a JSON object; a FieldError on `body` when it is not one. */
export function parseJsonObject(body: Uint8Array): Record<string, unknown> {
  const v = parseJsonText(body);
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new FieldError('body', 'must be a JSON object');
  return v as Record<string, unknown>;
}

/** Refuses any key of `obj` not in `allowed`, naming it. */
export function rejectUnknownFields(obj: Record<string, unknown>, allowed: readonly string[]): void {
  for (const key of Object.keys(obj)) if (!allowed.includes(key)) throw new FieldError(key, 'unknown field');
}

/** A required string field. */
export function requireString(obj: Record<string, unknown>, field: string): string {
  const v = obj[field];
  if (v === undefined || v === null) throw new FieldError(field, 'is required');
  if (typeof v !== 'string') throw new FieldError(field, 'must be a string');
  return v;
}
