// Spreadsheets run a cell that starts with = + - @ as a formula (CSV injection, OWASP); tab and
// carriage return are on OWASP's list too, since some programs strip them and then see one of
// those. Spreadsheets also trim leading spaces, NBSPs and line breaks before judging a cell, so
// `  =cmd|…` and `\n=HYPERLINK(…)` run too: any leading whitespace (Unicode's, line breaks
// included) before one of those characters counts. Such a cell gets a leading apostrophe, which
// spreadsheets show as a text marker.
const FORMULA_START = /^[\s\u00a0\u200b\ufeff]*[=+\-@\t\r]/u;

/** A CSV text cell made inert: shown as typed, never evaluated. */
export function inertCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
