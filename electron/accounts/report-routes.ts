import { checkJobReport } from '../../shared/rules/report.js';
import type { RestRequest, RestResponse } from '../server/rest-handler.js';
import { readCookie, SESSION_COOKIE } from './cookie.js';
import { parseJsonObject } from './json-body.js';
import type { AccountsDb } from './open-accounts.js';
import { jsonResponse, problem } from './problems.js';
import { insertReport } from './reports.js';
import { sessionUser } from './sessions.js';
import { findUserById } from './users.js';

/** POST /v1/reports `{ job_id, type, message? }` with a session cookie → 201 the stored report. */
export async function postReport(db: AccountsDb, req: RestRequest, now: () => number): Promise<RestResponse> {
  const token = readCookie(req.headers.get('cookie'), SESSION_COOKIE);
  const t = now();
  const userId = token ? sessionUser(db, token, t) : undefined;
  const user = userId === undefined ? undefined : findUserById(db, userId);
  if (!user) return problem(req, 'unauthorized', token ? 'the session is invalid or has expired; log in again' : 'log in first: this endpoint needs a session cookie');
  if (!user.verified) return problem(req, 'forbidden', 'verify your e-mail address before reporting jobs');

  const input = checkJobReport(parseJsonObject(req.body));
  return jsonResponse(201, insertReport(db, input, user.id, req.requestId, t));
}
