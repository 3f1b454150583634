import { checkJobReport } from '#shared/rules/report';
import type { RestRequest, RestResponse } from '../rest-handler.js';
import { readCookie, SESSION_COOKIE } from '#shared/http/cookie';
import { parseJsonObject } from './json-body.js';
import type { AccountsDb } from './open-accounts.js';
import { fieldProblem, jsonResponse, problem } from './problems.js';
import { insertReport, reportByIdempotencyKey } from './reports.js';
import { sessionUser } from './sessions.js';
import { findUserById } from './users.js';

// Printable ASCII, as the IETF Idempotency-Key draft and common APIs accept; a uuid fits.
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * POST /v1/reports `{ job_id, type, message? }` with a session cookie → 201 the stored report.
 * With an `Idempotency-Key` header, a key this user already used answers 200 with the report
 * stored then, and stores nothing new.
 */
export async function postReport(db: AccountsDb, req: RestRequest, now: () => number): Promise<RestResponse> {
  const token = readCookie(req.headers.get('cookie'), SESSION_COOKIE);
  const t = now();
  const userId = token ? sessionUser(db, token, t) : undefined;
  const user = userId === undefined ? undefined : findUserById(db, userId);
  if (!user)
    return problem(
      req,
      'unauthorized',
      token
        ? 'the session is invalid or has expired; log in again'
        : 'log in first: this endpoint needs a session cookie',
    );
  if (!user.verified) return problem(req, 'forbidden', 'verify your e-mail address before reporting jobs');

  const key = req.headers.get('idempotency-key');
  if (key !== null && !IDEMPOTENCY_KEY.test(key)) {
    return fieldProblem(req, 'Idempotency-Key', 'must be 1 to 255 printable ASCII characters');
  }
  const input = checkJobReport(parseJsonObject(req.body));
  if (key === null) return jsonResponse(201, insertReport(db, input, user.id, req.requestId, t));
  // One transaction: two concurrent requests with the same key store one report.
  return db
    .transaction(() => {
      const earlier = reportByIdempotencyKey(db, user.id, key);
      if (earlier) return jsonResponse(200, earlier);
      return jsonResponse(201, insertReport(db, input, user.id, req.requestId, t, key));
    })
    .immediate();
}
