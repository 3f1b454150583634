// Spreadsheets run a cell that starts with = + - @ as a formula (CSV injection, OWASP); tab and
// carriage return are on OWASP's list too, since some programs strip them and then see one of
// those. Such a cell gets a leading apostrophe, which spreadsheets show as a text marker.
const FORMULA_START = /^[=+\-@\t\r]/;

/** A CSV text cell made inert: shown as typed, never evaluated. */
export function inertCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
