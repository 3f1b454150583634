import type { SalaryPeriod } from '#shared/rules/vocabulary';

/** A salary read from a board, in its own currency and period (salary-text.ts, salary-structured.ts). */
export interface ParsedSalary {
  min: number;
  max: number;
  /** ISO 4217 */
  currency: string;
  period: SalaryPeriod;
}
