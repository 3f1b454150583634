import { InvalidArgumentError } from 'commander';

/** A whole-number option; anything else is a usage error naming the value. */
export function integer(value: string): number {
  if (!/^-?\d+$/.test(value.trim())) throw new InvalidArgumentError(`expected a whole number, got "${value}"`);
  return Number(value);
}

/** `--max-answer-mb N`: a positive number of MB (fractions allowed, for tests and tight setups). */
export function megabytes(value: string): number {
  const n = Number(value.trim());
  if (!/^\d+(\.\d+)?$/.test(value.trim()) || !(n > 0) || n > 4096)
    throw new InvalidArgumentError(`expected a number of MB above 0 and at most 4096, got "${value}"`);
  return n;
}
