import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccounts } from '#server/accounts/open-accounts';
import { verifyPassword } from '../../../electron/server/accounts/password.js';
import { findUserByEmail } from '#server/accounts/users';
import { ensureBuilt } from '../../helpers/built-dist.js';
import { runCli } from '../../helpers/run-cli.js';

const cli = (...args: string[]) => runCli(args);

let tmp: string;
beforeAll(async () => {
  await ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'jobindex-users-cli-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('jobindex users add', { timeout: 120_000 }, () => {
  it('creates the accounts file and adds verified and unverified users with hashed passwords', async () => {
    const file = join(tmp, 'accounts.sqlite');
    const a = await cli(
      'users',
      'add',
      '--accounts',
      file,
      '--email',
      'Carol@Example.com',
      '--password',
      'a long secret',
    );
    expect(a.stderr).toBe('');
    expect(a.code).toBe(0);
    expect(a.stdout).toBe('Added user carol@example.com (verified).\n');
    const b = await cli(
      'users',
      'add',
      '--accounts',
      file,
      '--email',
      'dan@example.com',
      '--password',
      'another secret',
      '--unverified',
    );
    expect(b.code).toBe(0);
    expect(b.stdout).toBe('Added user dan@example.com (unverified).\n');

    const db = openAccounts(file);
    try {
      const carol = findUserByEmail(db, 'CAROL@example.com')!;
      expect(carol).toMatchObject({ email: 'carol@example.com', verified: true });
      expect(await verifyPassword('a long secret', carol.password)).toBe(true);
      expect(carol.password.hash.toString('utf8')).not.toContain('a long secret');
      expect(findUserByEmail(db, 'dan@example.com')).toMatchObject({ verified: false });
    } finally {
      db.close();
    }
  });

  it('refuses an e-mail already taken (case-insensitively), a bad e-mail and a short password', async () => {
    const file = join(tmp, 'dupes.sqlite');
    expect(
      (await cli('users', 'add', '--accounts', file, '--email', 'eve@example.com', '--password', 'password one')).code,
    ).toBe(0);
    const dup = await cli(
      'users',
      'add',
      '--accounts',
      file,
      '--email',
      'EVE@example.com',
      '--password',
      'password two',
    );
    expect(dup.code).toBe(2);
    expect(dup.stderr).toBe('jobindex: a user with e-mail eve@example.com already exists\n');
    const bad = await cli('users', 'add', '--accounts', file, '--email', 'not-an-email', '--password', 'password two');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('email: must be an e-mail address');
    const short = await cli('users', 'add', '--accounts', file, '--email', 'frank@example.com', '--password', 'short');
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('password: must be at least 8 characters');
  });

  it('requires --accounts, --email and --password', async () => {
    const r = await cli('users', 'add', '--email', 'x@example.com', '--password', 'password');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('--accounts');
  });
});
