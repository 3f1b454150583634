import { FieldError } from './field-error.js';

// The rules of hiding jobs and blocking companies (svc.hiding.v1).

/** Why a job is hidden: the user hid it, or reported it expired (docs/decisions/hidden-and-blocked.md). */
export const HIDE_REASONS = ['hidden', 'reported_expired'] as const;
export type HideReason = (typeof HIDE_REASONS)[number];

const SLUG = /^[a-z0-9][a-z0-9._-]{0,199}$/;

/** A canonical company slug (a job card's `companySlug`), returned lower-cased. */
export function companySlug(v: string, field = 'companySlug'): string {
  const s = v.trim().toLowerCase();
  if (s === '') throw new FieldError(field, 'is required');
  if (!SLUG.test(s))
    throw new FieldError(
      field,
      `must be a company slug (letters, digits, . _ -), got ${JSON.stringify(v.slice(0, 60))}`,
    );
  return s;
}
