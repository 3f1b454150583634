import { SORTS, type Sort } from '#shared/rules/vocabulary';

// The sorts a person picks from (docs/decisions/comparable-pay.md § One pay sort on screen). The
// spec's salary_desc compares raw numbers across currencies and periods (R$330,000 above US$
// roles); the screen offers only "Highest pay", which compares yearly euros. The spec's sort stays
// in the API and the CLI.
export const UI_SORTS: readonly Sort[] = SORTS.filter((s) => s !== 'salary_desc');

/** A sort read from a URL or a saved search, as the screen runs it: salary_desc is read as pay_desc. */
export function uiSort(s: Sort | undefined): Sort | undefined {
  return s === 'salary_desc' ? 'pay_desc' : s;
}
