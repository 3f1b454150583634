import { createHash, randomBytes } from 'node:crypto';
import type { AccountsDb } from './open-accounts.js';

/** Sessions last 14 days from login (docs/decisions/accounts.md). */
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session: a random 32-byte token (base64url) for the cookie; only its hash is kept. */
export function createSession(
  db: AccountsDb,
  userId: number,
  now: number,
  ttlMs = SESSION_TTL_MS,
): { token: string; expiresAt: number } {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + ttlMs;
  db.prepare('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)').run(
    hashToken(token),
    userId,
    now,
    expiresAt,
  );
  return { token, expiresAt };
}

/** The user id of a live session, or undefined for an unknown or expired token (expired ones are deleted). */
export function sessionUser(db: AccountsDb, token: string, now: number): number | undefined {
  const key = hashToken(token);
  const r = db
    .prepare<[string], { user_id: number; expires_at: number }>(
      'SELECT user_id, expires_at FROM sessions WHERE token_hash = ?',
    )
    .get(key);
  if (!r) return undefined;
  if (r.expires_at <= now) {
    db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(key);
    return undefined;
  }
  return r.user_id;
}
