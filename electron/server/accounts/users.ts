import { checkEmail, checkNewPassword, normalizeEmail } from '#shared/rules/account';
import type { AccountsDb } from './open-accounts.js';
import { hashPassword, type PasswordHash } from './password.js';

export interface User {
  id: number;
  email: string;
  verified: boolean;
  password: PasswordHash;
  createdAt: number;
}

interface UserRow {
  id: number;
  email: string;
  password_hash: Buffer;
  password_salt: Buffer;
  scrypt_n: number;
  scrypt_r: number;
  scrypt_p: number;
  verified: number;
  created_at: number;
}

function toUser(r: UserRow): User {
  return {
    id: r.id,
    email: r.email,
    verified: r.verified === 1,
    password: { hash: r.password_hash, salt: r.password_salt, params: { N: r.scrypt_n, r: r.scrypt_r, p: r.scrypt_p } },
    createdAt: r.created_at,
  };
}

export class DuplicateEmailError extends Error {
  constructor(email: string) {
    super(`a user with e-mail ${email} already exists`);
    this.name = 'DuplicateEmailError';
  }
}

/** Adds a user; the e-mail is normalized and must not be taken (case-insensitively). */
export async function addUser(
  db: AccountsDb,
  input: { email: string; password: string; verified: boolean },
  now: number = Date.now(),
): Promise<User> {
  const email = checkEmail(input.email);
  const pw = await hashPassword(checkNewPassword(input.password));
  try {
    const id = db
      .prepare(
        `INSERT INTO users (email, password_hash, password_salt, scrypt_n, scrypt_r, scrypt_p, verified, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(email, pw.hash, pw.salt, pw.params.N, pw.params.r, pw.params.p, input.verified ? 1 : 0, now).lastInsertRowid;
    return { id: Number(id), email, verified: input.verified, password: pw, createdAt: now };
  } catch (e) {
    if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new DuplicateEmailError(email);
    throw e;
  }
}

export function findUserByEmail(db: AccountsDb, email: string): User | undefined {
  const r = db.prepare<[string], UserRow>('SELECT * FROM users WHERE email = ?').get(normalizeEmail(email));
  return r && toUser(r);
}

export function findUserById(db: AccountsDb, id: number): User | undefined {
  const r = db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?').get(id);
  return r && toUser(r);
}
