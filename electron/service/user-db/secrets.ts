import type { UserDb } from './open-user-db.js';

/**
 * Seals small secrets (the upstream session cookie) before they are written to the user file.
 * The Electron shell passes one over `safeStorage` (OS keychain / DPAPI / libsecret) when
 * `safeStorage.isEncryptionAvailable()`; elsewhere `plainBox` stores them as they are.
 */
export interface SecretBox {
  /** Written next to each value, so a value sealed by another box is never misread. */
  readonly name: string;
  seal(text: string): Uint8Array;
  open(sealed: Uint8Array): string;
}

/** No encryption: the CLI, `jobindex serve --user-data` and platforms without a keychain. */
export const plainBox: SecretBox = {
  name: 'plain',
  seal: (text) => new TextEncoder().encode(text),
  open: (sealed) => new TextDecoder().decode(sealed),
};

/** Secrets in the user file, sealed by a SecretBox. */
export class Secrets {
  constructor(
    private readonly db: UserDb,
    private readonly box: SecretBox,
    private readonly now: () => number = Date.now,
  ) {}

  /** A value sealed by another box (e.g. the file moved to another machine) reads as absent. */
  get(key: string): string | undefined {
    const row = this.db
      .prepare<[string], { sealed_by: string; value: Buffer }>('SELECT sealed_by, value FROM secrets WHERE key = ?')
      .get(key);
    if (!row || row.sealed_by !== this.box.name) return undefined;
    try {
      return this.box.open(new Uint8Array(row.value));
    } catch {
      return undefined;
    }
  }

  set(key: string, value: string | undefined): void {
    if (value === undefined) {
      this.db.prepare('DELETE FROM secrets WHERE key = ?').run(key);
      return;
    }
    this.db
      .prepare(
        `INSERT INTO secrets VALUES (?, ?, ?, ?)
        ON CONFLICT (key) DO UPDATE SET sealed_by = excluded.sealed_by, value = excluded.value, updated_at = excluded.updated_at`,
      )
      .run(key, this.box.name, Buffer.from(this.box.seal(value)), this.now());
  }
}
