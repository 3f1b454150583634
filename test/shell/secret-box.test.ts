import { describe, expect, it } from 'vitest';
import { safeStorageBox } from '../../electron/shell/secret-box.js';
import { plainBox } from '#service/user-db/secrets';

// safeStorage stand-in: a reversible "encryption" that is visibly not the plain text.
const sealing = (available: boolean) => ({
  isEncryptionAvailable: () => available,
  encryptString: (t: string) => Buffer.from([...Buffer.from(t)].reverse()),
  decryptString: (b: Buffer) => Buffer.from([...b].reverse()).toString(),
});

describe('the session box in the desktop app', () => {
  it('seals through safeStorage when the OS offers it, and opens what it sealed', () => {
    const box = safeStorageBox(sealing(true));
    expect(box.name).toBe('electron-safe-storage');
    const sealed = box.seal('jobindex_session=abc');
    expect(Buffer.from(sealed).toString()).not.toContain('jobindex_session');
    expect(box.open(sealed)).toBe('jobindex_session=abc');
  });

  it('falls back to the plain box where the OS has no keychain', () => {
    expect(safeStorageBox(sealing(false))).toBe(plainBox);
  });
});
