import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT, hashPassword, verifyPassword } from '../../../electron/server/accounts/password.js';

describe('password hashing (scrypt)', () => {
  it('salts every hash differently and stores the parameters', async () => {
    const a = await hashPassword('hunter2hunter2');
    const b = await hashPassword('hunter2hunter2');
    expect(a.salt.equals(b.salt)).toBe(false);
    expect(a.hash.equals(b.hash)).toBe(false);
    expect(a.salt.length).toBe(16);
    expect(a.hash.length).toBe(64);
    expect(a.params).toEqual(DEFAULT_SCRYPT);
    expect(a.params.N).toBeGreaterThanOrEqual(1 << 14);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const h = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', h)).toBe(true);
    expect(await verifyPassword('correct horse batterY', h)).toBe(false);
    expect(await verifyPassword('', h)).toBe(false);
  });

  it('verifies with the parameters stored with the hash, not the defaults', async () => {
    const h = await hashPassword('a password', { N: 1 << 10, r: 8, p: 1 });
    expect(await verifyPassword('a password', h)).toBe(true);
    expect(await verifyPassword('a password', { ...h, params: DEFAULT_SCRYPT })).toBe(false);
  });
});
