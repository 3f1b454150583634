/**
 * A request field that breaks a rule. `field` is the dotted JSON path as the client wrote it
 * (e.g. `query.filters.country`); transports map this to `invalid_argument` / 400.
 */
export class FieldError extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field}: ${problem}`);
    this.name = 'FieldError';
  }
}
