import type { AccountsDb } from './open-accounts.js';

/**
 * Records a password-reset request, for a known e-mail (with its user) or not (user null).
 * No e-mail is sent: there is no mail transport yet (docs/decisions/accounts.md).
 */
export function recordPasswordReset(
  db: AccountsDb,
  r: { email: string; userId: number | null; requestId: string; remoteAddress: string },
  now: number,
): void {
  db.prepare(
    'INSERT INTO password_reset_requests (email, user_id, created_at, request_id, remote_address) VALUES (?, ?, ?, ?, ?)',
  ).run(r.email, r.userId, now, r.requestId, r.remoteAddress);
}
