import { FieldError } from './field-error.js';

// Rules of account fields (docs/decisions/accounts.md), shared by the CLI, the REST endpoints
// and, later, the renderer's forms.

/** RFC 5321's practical maximum length of an address. */
export const EMAIL_MAX_CHARS = 254;
/** Passwords set through `jobindex users add`. */
export const PASSWORD_MIN_CHARS = 8;
export const PASSWORD_MAX_CHARS = 1024;

/** The form an e-mail is stored, looked up and throttled by: trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A plausible address: something@something, no spaces, at most 254 characters. */
export function checkEmail(email: string, field = 'email'): string {
  const e = normalizeEmail(email);
  if (e.length === 0) throw new FieldError(field, 'is required');
  if (e.length > EMAIL_MAX_CHARS) throw new FieldError(field, `must be at most ${EMAIL_MAX_CHARS} characters`);
  if (!/^[^\s@]+@[^\s@]+$/.test(e)) throw new FieldError(field, 'must be an e-mail address');
  return e;
}

/** A new password: 8 to 1024 characters. (Login accepts any string up to the maximum.) */
export function checkNewPassword(password: string, field = 'password'): string {
  const n = [...password].length;
  if (n < PASSWORD_MIN_CHARS) throw new FieldError(field, `must be at least ${PASSWORD_MIN_CHARS} characters`);
  if (n > PASSWORD_MAX_CHARS) throw new FieldError(field, `must be at most ${PASSWORD_MAX_CHARS} characters`);
  return password;
}
