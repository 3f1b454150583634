import { SESSION_COOKIE } from '#shared/http/cookie';
import type { JobReportInput } from '#shared/rules/report';

/** What the upstream answered, reduced to what the outbox decides on. */
export type UpstreamAnswer<T> =
  | { kind: 'ok'; value: T }
  /** An HTTP error answer (problem+json where the upstream follows the spec). */
  | { kind: 'refused'; status: number; code: string; detail: string; retryAfterSeconds?: number }
  /** No answer at all: refused connection, DNS, timeout. */
  | { kind: 'unreachable'; detail: string };

export interface LoginOk {
  /** `jobindex_session=<token>`, ready for a Cookie header. */
  cookie: string;
  email: string;
  verified: boolean;
}

export interface ReportOk {
  upstreamId: string;
}

const TIMEOUT_MS = 15_000;

/**
 * The upstream's account endpoints as docs/decisions/accounts.md defines them: `POST
 * /v1/auth/login`, `POST /v1/auth/password/forgot` and `POST /v1/reports` (with the report's id
 * as `Idempotency-Key`).
 */
export class UpstreamAccounts {
  constructor(private readonly fetchFn: typeof fetch = fetch) {}

  async login(base: string, email: string, password: string): Promise<UpstreamAnswer<LoginOk>> {
    const res = await this.post(base, '/v1/auth/login', { email, password });
    if (res.kind !== 'ok') return res;
    const cookie = res.response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!.trim())
      .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    const body = (await res.response.json().catch(() => undefined)) as
      { user?: { email?: unknown; verified?: unknown } } | undefined;
    if (!cookie || typeof body?.user?.email !== 'string') {
      return {
        kind: 'refused',
        status: res.response.status,
        code: 'bad_answer',
        detail: 'the upstream answered the sign-in without a session',
      };
    }
    return { kind: 'ok', value: { cookie, email: body.user.email, verified: body.user.verified === true } };
  }

  /** Asks for a password-reset e-mail; the upstream answers alike for a known e-mail or not. */
  async forgotPassword(base: string, email: string): Promise<UpstreamAnswer<null>> {
    const res = await this.post(base, '/v1/auth/password/forgot', { email });
    return res.kind === 'ok' ? { kind: 'ok', value: null } : res;
  }

  async postReport(
    base: string,
    cookie: string,
    idempotencyKey: string,
    report: JobReportInput,
  ): Promise<UpstreamAnswer<ReportOk>> {
    const body: Record<string, unknown> = { job_id: report.job_id, type: report.type };
    if (report.message !== null) body.message = report.message;
    const res = await this.post(base, '/v1/reports', body, { cookie, 'idempotency-key': idempotencyKey });
    if (res.kind !== 'ok') return res;
    const stored = (await res.response.json().catch(() => undefined)) as { id?: unknown } | undefined;
    if (typeof stored?.id !== 'string')
      return {
        kind: 'refused',
        status: res.response.status,
        code: 'bad_answer',
        detail: 'the upstream answered without a report id',
      };
    return { kind: 'ok', value: { upstreamId: stored.id } };
  }

  private async post(
    base: string,
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ kind: 'ok'; response: Response } | Exclude<UpstreamAnswer<never>, { kind: 'ok' }>> {
    let response: Response;
    try {
      response = await this.fetchFn(`${base.replace(/\/+$/, '')}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (e) {
      const cause =
        e instanceof Error && e.cause instanceof Error ? e.cause.message : e instanceof Error ? e.message : String(e);
      return { kind: 'unreachable', detail: cause };
    }
    if (response.ok) return { kind: 'ok', response };
    const text = await response.text().catch(() => '');
    let problem: { code?: unknown; detail?: unknown } = {};
    try {
      problem = JSON.parse(text) as typeof problem;
    } catch {
      // Not problem+json (a proxy's error page): the status says enough.
    }
    const retryAfter = Number(response.headers.get('retry-after'));
    return {
      kind: 'refused',
      status: response.status,
      code: typeof problem.code === 'string' ? problem.code : `http_${response.status}`,
      detail: typeof problem.detail === 'string' ? problem.detail : response.statusText || `HTTP ${response.status}`,
      ...(Number.isFinite(retryAfter) && retryAfter >= 0 && response.headers.has('retry-after')
        ? { retryAfterSeconds: retryAfter }
        : {}),
    };
  }
}
