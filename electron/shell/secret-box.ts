import type { SafeStorage } from 'electron';
import { plainBox, type SecretBox } from '#service/user-db/secrets';

/**
 * The upstream session sealed by the OS (Keychain, DPAPI, libsecret) through Electron's
 * safeStorage; plain where the OS offers nothing (e.g. Linux without a keyring), as the
 * safeStorage docs advise checking first.
 */
export function safeStorageBox(
  safe: Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString'>,
): SecretBox {
  if (!safe.isEncryptionAvailable()) return plainBox;
  return {
    name: 'electron-safe-storage',
    seal: (text) => new Uint8Array(safe.encryptString(text)),
    open: (sealed) => safe.decryptString(Buffer.from(sealed)),
  };
}
