import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Secrets, plainBox, type SecretBox } from '#service/user-db/secrets';
import { UserHarness } from './harness.js';

// What the Electron shell's safeStorage box does, with a key of our own: sealed bytes, not text.
function aesBox(key: Buffer): SecretBox {
  return {
    name: 'test-aes',
    seal: (text) => {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(text, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]);
    },
    open: (sealed) => {
      const b = Buffer.from(sealed);
      const d = createDecipheriv('aes-256-gcm', key, b.subarray(0, 12));
      d.setAuthTag(b.subarray(12, 28));
      return Buffer.concat([d.update(b.subarray(28)), d.final()]).toString('utf8');
    },
  };
}

let h: UserHarness;
beforeEach(() => {
  h = new UserHarness();
});
afterEach(() => h.close());

describe('secrets in the user file', () => {
  it('stores through the box it is given, never as plain text when the box encrypts', () => {
    const box = aesBox(randomBytes(32));
    new Secrets(h.userDb, box).set('upstream.session', 'jobindex_session=s3cr3t');
    const raw = h.userDb.prepare('SELECT sealed_by, value FROM secrets').get() as { sealed_by: string; value: Buffer };
    expect(raw.sealed_by).toBe('test-aes');
    expect(raw.value.toString('latin1')).not.toContain('s3cr3t');
    h.reopenUser();
    expect(new Secrets(h.userDb, box).get('upstream.session')).toBe('jobindex_session=s3cr3t');
  });

  it('reads a value sealed by another box, or a key it cannot open, as absent', () => {
    new Secrets(h.userDb, aesBox(randomBytes(32))).set('k', 'v');
    expect(new Secrets(h.userDb, plainBox).get('k')).toBeUndefined();
    expect(new Secrets(h.userDb, aesBox(randomBytes(32))).get('k')).toBeUndefined();
    const plain = new Secrets(h.userDb, plainBox);
    plain.set('k', 'v2');
    expect(plain.get('k')).toBe('v2');
    plain.set('k', undefined);
    expect(plain.get('k')).toBeUndefined();
  });
});
