import type { Secrets } from '../user-db/secrets.js';
import type { Settings } from '../user-db/settings.js';
import type { LoginOk, UpstreamAccounts, UpstreamAnswer } from './upstream-accounts.js';

const COOKIE_KEY = 'upstream.session';
const ACCOUNT_KEY = 'reports.account';

export interface UpstreamAccount {
  upstream: string;
  email: string;
  verified: boolean;
}

/**
 * The signed-in upstream session, kept by main: the cookie sealed in the user file (Secrets), the
 * account in settings. The password is kept in memory only, for the one re-login a 401 allows;
 * after a restart an expired session asks the user to sign in again.
 */
export class UpstreamSession {
  private credentials: { upstream: string; email: string; password: string } | undefined;

  constructor(
    private readonly client: UpstreamAccounts,
    private readonly secrets: Secrets,
    private readonly settings: Settings,
  ) {}

  account(): UpstreamAccount | undefined {
    return this.settings.get<UpstreamAccount>(ACCOUNT_KEY);
  }

  /** The Cookie header for `upstream`, when signed in to that upstream. */
  cookie(upstream: string): string | undefined {
    return this.account()?.upstream === upstream ? this.secrets.get(COOKIE_KEY) : undefined;
  }

  async signIn(upstream: string, email: string, password: string): Promise<UpstreamAnswer<LoginOk>> {
    const res = await this.client.login(upstream, email, password);
    if (res.kind === 'ok') {
      this.credentials = { upstream, email, password };
      this.keep(upstream, res.value);
    }
    return res;
  }

  /** Signs in again with the remembered credentials; undefined when there are none. */
  async relogin(upstream: string): Promise<UpstreamAnswer<LoginOk> | undefined> {
    const c = this.credentials;
    if (!c || c.upstream !== upstream) return undefined;
    const res = await this.client.login(upstream, c.email, c.password);
    if (res.kind === 'ok') this.keep(upstream, res.value);
    else if (res.kind === 'refused' && res.status === 401) this.credentials = undefined;
    return res;
  }

  /** The session is no longer accepted (or the user signed out). */
  forget(opts: { credentials: boolean }): void {
    this.secrets.set(COOKIE_KEY, undefined);
    if (opts.credentials) {
      this.credentials = undefined;
      this.settings.set(ACCOUNT_KEY, undefined);
    }
  }

  private keep(upstream: string, ok: LoginOk): void {
    this.secrets.set(COOKIE_KEY, ok.cookie);
    this.settings.set(ACCOUNT_KEY, { upstream, email: ok.email, verified: ok.verified } satisfies UpstreamAccount);
  }
}
