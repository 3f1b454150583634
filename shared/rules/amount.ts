import { FieldError } from './field-error.js';

/**
 * A money amount of a request (salaryMin/Max, payMin/Max): a whole number from 0 to 2^53 - 1,
 * the integers a JSON number holds exactly. 64-bit in storage and on the wire, so a yearly
 * 3,000,000,000 IDR is one (docs/decisions/salary.md).
 */
export function wholeAmount(v: number | undefined, field: string): number | undefined {
  if (v === undefined) return undefined;
  if (!isWholeAmount(v))
    throw new FieldError(field, `must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}, got ${v}`);
  return v;
}

export const isWholeAmount = (v: number) => Number.isSafeInteger(v) && v >= 0;
