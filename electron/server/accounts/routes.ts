import { notJson } from '#service/rpc/request-body';
import { FieldError } from '#shared/rules/field-error';
import type { RestHandler, RestRequest, RestResponse } from '../rest-handler.js';
import { forgotPassword, login, type AuthConfig } from './auth-routes.js';
import type { AccountsDb } from './open-accounts.js';
import { fieldProblem, problem } from './problems.js';
import { postReport } from './report-routes.js';
import { SESSION_TTL_MS } from './sessions.js';
import { AUTH_THROTTLE, type AuthThrottleLimits } from './throttle.js';

export interface AccountRoutesOptions {
  /** The clock (ms since epoch); tests move it. */
  now?: () => number;
  /** Add `Secure` to the session cookie (when served over HTTPS). */
  secureCookie?: boolean;
  /** Override the throttle numbers (default AUTH_THROTTLE). */
  throttle?: Partial<AuthThrottleLimits>;
  sessionTtlMs?: number;
  /** Where unexpected failures (answered 500) are reported. */
  onError?: (e: unknown, req: RestRequest) => void;
}

type Endpoint = (req: RestRequest) => Promise<RestResponse>;

/** The account-scoped REST endpoints (docs/decisions/accounts.md) over an accounts file. */
export function createAccountRoutes(store: AccountsDb, opts: AccountRoutesOptions = {}): RestHandler {
  const now = opts.now ?? Date.now;
  const cfg: AuthConfig = {
    now,
    throttle: { ...AUTH_THROTTLE, ...opts.throttle },
    sessionTtlMs: opts.sessionTtlMs ?? SESSION_TTL_MS,
    secureCookie: opts.secureCookie ?? false,
  };
  const onError = opts.onError ?? ((e: unknown) => console.error('accounts: unexpected failure', e));

  // path → method → endpoint
  const table: Record<string, Record<string, Endpoint>> = {
    '/v1/auth/login': { POST: (req) => login(store, req, cfg) },
    '/v1/auth/password/forgot': { POST: (req) => forgotPassword(store, req, cfg) },
    '/v1/reports': { POST: (req) => postReport(store, req, now) },
  };

  return async (req) => {
    const methods = table[req.path];
    if (!methods) return undefined;
    const endpoint = methods[req.method.toUpperCase()];
    const allow = Object.keys(methods).join(', ');
    if (!endpoint) {
      return problem(req, 'method_not_allowed', `${req.method} is not allowed on ${req.path}; use ${allow}`, {
        headers: { allow },
      });
    }
    // Every endpoint here reads a JSON body; refusing other types also closes the path of a
    // cross-site HTML form, which can only send form or text types.
    const refused = notJson(req.headers.get('content-type'));
    if (refused) return problem(req, 'unsupported_media_type', refused);
    try {
      return await endpoint(req);
    } catch (e) {
      if (e instanceof FieldError) return fieldProblem(req, e.field, e.problem);
      onError(e, req);
      return problem(req, 'internal_error', 'unexpected failure; try again later');
    }
  };
}
