import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { openAccounts, type AccountsDb } from '#server/accounts/open-accounts';
import { createAccountRoutes, type AccountRoutesOptions } from '#server/accounts/routes';
import { addUser } from '#server/accounts/users';
import type { RestHandler, RestRequest, RestResponse } from '../../../electron/server/rest-handler.js';

export const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
export const VERIFIED = { email: 'Ada@Example.com', password: 'correct horse battery' };
export const UNVERIFIED = { email: 'bob@example.com', password: 'another good one' };

/** A temp accounts file with a verified and an unverified user, a movable clock and the routes. */
export class Harness {
  readonly dir = mkdtempSync(join(tmpdir(), 'jobindex-accounts-'));
  readonly file = join(this.dir, 'accounts.sqlite');
  db: AccountsDb = openAccounts(this.file);
  clock = T0;
  handler: RestHandler;
  private seq = 0;

  constructor(private readonly opts: AccountRoutesOptions = {}) {
    this.handler = this.routes();
  }

  routes(): RestHandler {
    return createAccountRoutes(this.db, { now: () => this.clock, ...this.opts });
  }

  async seedUsers(): Promise<void> {
    await addUser(this.db, { ...VERIFIED, verified: true }, T0);
    await addUser(this.db, { ...UNVERIFIED, verified: false }, T0);
  }

  /** Closes and reopens the file, as a restarted app would. */
  reopen(): void {
    this.db.close();
    this.db = openAccounts(this.file);
    this.handler = this.routes();
  }

  close(): void {
    this.db.close();
    rmSync(this.dir, { recursive: true, force: true });
  }

  request(
    method: string,
    path: string,
    body?: unknown,
    init: { cookie?: string; remoteAddress?: string; rawBody?: string } = {},
  ): RestRequest {
    const headers = new Headers({ 'content-type': 'application/json' });
    if (init.cookie !== undefined) headers.set('cookie', init.cookie);
    const text = init.rawBody ?? (body === undefined ? '' : JSON.stringify(body));
    return {
      method,
      path,
      headers,
      body: new TextEncoder().encode(text),
      requestId: `req-${++this.seq}`,
      remoteAddress: init.remoteAddress ?? '127.0.0.1',
    };
  }

  async send(
    method: string,
    path: string,
    body?: unknown,
    init: Parameters<Harness['request']>[3] = {},
  ): Promise<Answer> {
    const req = this.request(method, path, body, init);
    const res = await this.handler(req);
    if (!res) throw new Error(`no endpoint for ${method} ${path}`);
    return new Answer(req, res);
  }

  login(email: string, password: string, remoteAddress?: string): Promise<Answer> {
    return this.send('POST', '/v1/auth/login', { email, password }, remoteAddress ? { remoteAddress } : {});
  }

  /** Logs in and returns the `Cookie` header value of the new session. */
  async sessionCookie(email: string, password: string): Promise<string> {
    const a = await this.login(email, password);
    expect(a.res.status).toBe(200);
    const set = a.header('set-cookie');
    return set.split(';')[0]!;
  }
}

export class Answer {
  constructor(
    readonly req: RestRequest,
    readonly res: RestResponse,
  ) {}

  get status(): number {
    return this.res.status;
  }

  header(name: string): string {
    const v = this.res.headers[name.toLowerCase()];
    if (v === undefined) throw new Error(`no ${name} header`);
    return Array.isArray(v) ? v.join('\n') : v;
  }

  hasHeader(name: string): boolean {
    return this.res.headers[name.toLowerCase()] !== undefined;
  }

  json(): Record<string, unknown> {
    const b = this.res.body;
    return JSON.parse(typeof b === 'string' ? b : new TextDecoder().decode(b)) as Record<string, unknown>;
  }

  /** Checks a problem answer: content type and every field the spec requires, plus instance and request_id. */
  problem(status: number, code: string): Record<string, unknown> {
    expect(this.res.status).toBe(status);
    expect(this.header('content-type')).toBe('application/problem+json');
    const p = this.json();
    expect(p).toMatchObject({ status, code, instance: this.req.path, request_id: this.req.requestId });
    expect(typeof p.title).toBe('string');
    expect((p.title as string).length).toBeGreaterThan(0);
    expect(typeof p.detail).toBe('string');
    expect((p.detail as string).length).toBeGreaterThan(0);
    return p;
  }
}
