import { InvalidArgumentError } from 'commander';

/** A whole-number option; anything else is a usage error naming the value. */
export function integer(value: string): number {
  if (!/^-?\d+$/.test(value.trim())) throw new InvalidArgumentError(`expected a whole number, got "${value}"`);
  return Number(value);
}
