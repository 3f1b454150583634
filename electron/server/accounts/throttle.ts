import type { AccountsDb } from './open-accounts.js';

/** One limit: at most `attempts` per fixed window of `windowMs`, counted from the window's first attempt. */
export interface ThrottleLimit {
  attempts: number;
  windowMs: number;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** The numbers (docs/decisions/accounts.md); each endpoint counts in its own buckets. */
export interface AuthThrottleLimits {
  perEmail: ThrottleLimit;
  perUser: ThrottleLimit;
  perAddress: ThrottleLimit;
}

export const AUTH_THROTTLE: AuthThrottleLimits = {
  perEmail: { attempts: 5, windowMs: FIFTEEN_MINUTES },
  perUser: { attempts: 5, windowMs: FIFTEEN_MINUTES },
  perAddress: { attempts: 30, windowMs: FIFTEEN_MINUTES },
};

export interface ThrottleKey {
  key: string;
  limit: ThrottleLimit;
}

/**
 * Counts one attempt against every key, unless one of them is already at its limit: then nothing
 * is counted and the answer is the seconds until the latest-ending blocking window ends.
 * State lives in the accounts file, so it survives restarts.
 */
export function takeAttempt(
  db: AccountsDb,
  keys: readonly ThrottleKey[],
  now: number,
): { ok: true } | { ok: false; retryAfterSeconds: number } {
  const get = db.prepare<[string], { window_start: number; attempts: number }>(
    'SELECT window_start, attempts FROM throttle WHERE key = ?',
  );
  const put = db.prepare(
    `INSERT INTO throttle (key, window_start, attempts) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET window_start = excluded.window_start, attempts = excluded.attempts`,
  );
  return db.transaction(() => {
    const states = keys.map(({ key, limit }) => {
      const r = get.get(key);
      const live = r !== undefined && now < r.window_start + limit.windowMs;
      return { key, limit, start: live ? r.window_start : now, attempts: live ? r.attempts : 0 };
    });
    const blocked = states.filter((s) => s.attempts >= s.limit.attempts);
    if (blocked.length > 0) {
      const until = Math.max(...blocked.map((s) => s.start + s.limit.windowMs));
      return { ok: false as const, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) };
    }
    for (const s of states) put.run(s.key, s.start, s.attempts + 1);
    return { ok: true as const };
  })();
}

/** Forgets the counters of `keys` (after a successful login, for its e-mail and user). */
export function clearAttempts(db: AccountsDb, keys: readonly string[]): void {
  const del = db.prepare('DELETE FROM throttle WHERE key = ?');
  db.transaction(() => keys.forEach((k) => del.run(k)))();
}
