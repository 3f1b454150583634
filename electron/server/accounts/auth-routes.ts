import { EMAIL_MAX_CHARS, PASSWORD_MAX_CHARS, checkEmail, normalizeEmail } from '#shared/rules/account';
import { FieldError } from '#shared/rules/field-error';
import type { RestRequest, RestResponse } from '../rest-handler.js';
import { sessionCookie } from '#shared/http/cookie';
import { parseJsonObject, rejectUnknownFields, requireString } from './json-body.js';
import type { AccountsDb } from './open-accounts.js';
import { dummyHash, verifyPassword } from './password.js';
import { recordPasswordReset } from './password-resets.js';
import { jsonResponse, problem, RATE_LIMITED_DETAIL } from './problems.js';
import { createSession } from './sessions.js';
import { clearAttempts, takeAttempt, type AuthThrottleLimits, type ThrottleKey } from './throttle.js';
import { findUserByEmail } from './users.js';

export interface AuthConfig {
  now: () => number;
  throttle: AuthThrottleLimits;
  sessionTtlMs: number;
  secureCookie: boolean;
}

/** The throttle buckets of one attempt: per e-mail, per user (when the e-mail is a user's) and per address. */
function throttleKeys(
  endpoint: 'login' | 'forgot',
  email: string,
  userId: number | undefined,
  req: RestRequest,
  t: AuthThrottleLimits,
): ThrottleKey[] {
  const keys: ThrottleKey[] = [
    { key: `${endpoint}:email:${email}`, limit: t.perEmail },
    { key: `${endpoint}:addr:${req.remoteAddress}`, limit: t.perAddress },
  ];
  if (userId !== undefined) keys.push({ key: `${endpoint}:user:${userId}`, limit: t.perUser });
  return keys;
}

function tooMany(req: RestRequest, retryAfterSeconds: number): RestResponse {
  return problem(req, 'rate_limited', RATE_LIMITED_DETAIL, { headers: { 'retry-after': String(retryAfterSeconds) } });
}

function boundedString(obj: Record<string, unknown>, field: string, max: number): string {
  const s = requireString(obj, field);
  if (s.length === 0) throw new FieldError(field, 'is required');
  if (s.length > max) throw new FieldError(field, `must be at most ${max} characters`);
  return s;
}

/** POST /v1/auth/login `{ email, password }` → 200 `{ user: { email, verified } }` and the session cookie. */
export async function login(db: AccountsDb, req: RestRequest, cfg: AuthConfig): Promise<RestResponse> {
  const body = parseJsonObject(req.body);
  rejectUnknownFields(body, ['email', 'password']);
  const email = normalizeEmail(boundedString(body, 'email', EMAIL_MAX_CHARS));
  const password = boundedString(body, 'password', PASSWORD_MAX_CHARS);

  const user = findUserByEmail(db, email);
  const gate = takeAttempt(db, throttleKeys('login', email, user?.id, req, cfg.throttle), cfg.now());
  if (!gate.ok) return tooMany(req, gate.retryAfterSeconds);

  // An unknown e-mail costs the same scrypt run as a wrong password, and gets the same answer.
  const ok = user
    ? await verifyPassword(password, user.password)
    : (await verifyPassword(password, await dummyHash()), false);
  if (!user || !ok) return problem(req, 'unauthorized', 'invalid e-mail or password');

  const now = cfg.now();
  clearAttempts(db, [`login:email:${email}`, `login:user:${user.id}`]);
  const session = createSession(db, user.id, now, cfg.sessionTtlMs);
  return jsonResponse(
    200,
    { user: { email: user.email, verified: user.verified } },
    { 'set-cookie': sessionCookie(session.token, cfg.sessionTtlMs, cfg.secureCookie), 'cache-control': 'no-store' },
  );
}

/** POST /v1/auth/password/forgot `{ email }` → 202 `{ status: "accepted" }`, known e-mail or not. */
export async function forgotPassword(db: AccountsDb, req: RestRequest, cfg: AuthConfig): Promise<RestResponse> {
  const body = parseJsonObject(req.body);
  rejectUnknownFields(body, ['email']);
  const email = checkEmail(requireString(body, 'email'));

  const user = findUserByEmail(db, email);
  const now = cfg.now();
  const gate = takeAttempt(db, throttleKeys('forgot', email, user?.id, req, cfg.throttle), now);
  if (!gate.ok) return tooMany(req, gate.retryAfterSeconds);

  recordPasswordReset(
    db,
    { email, userId: user?.id ?? null, requestId: req.requestId, remoteAddress: req.remoteAddress },
    now,
  );
  return jsonResponse(202, { status: 'accepted' });
}
