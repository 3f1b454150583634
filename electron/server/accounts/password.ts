import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt cost parameters, stored with every hash so they can be raised later. */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** N = 2^15, r = 8, p = 1: about 32 MiB and some tens of milliseconds per hash. */
export const DEFAULT_SCRYPT: ScryptParams = { N: 1 << 15, r: 8, p: 1 };
const KEY_BYTES = 64;
const SALT_BYTES = 16;

export interface PasswordHash {
  hash: Buffer;
  salt: Buffer;
  params: ScryptParams;
}

function derive(password: string, salt: Buffer, params: ScryptParams, keylen: number): Promise<Buffer> {
  const opts: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + (1 << 20) };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** A slow salted hash of `password` with a fresh random salt. */
export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<PasswordHash> {
  const salt = randomBytes(SALT_BYTES);
  return { hash: await derive(password, salt, params, KEY_BYTES), salt, params };
}

/** Whether `password` matches `stored`, compared in constant time. */
export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const key = await derive(password, stored.salt, stored.params, stored.hash.length);
  return key.length === stored.hash.length && timingSafeEqual(key, stored.hash);
}

let dummy: Promise<PasswordHash> | undefined;

/**
 * A hash of a random password, checked against when the e-mail is unknown so that a login for
 * an unknown e-mail costs the same scrypt run as one for a known e-mail.
 */
export function dummyHash(): Promise<PasswordHash> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}
