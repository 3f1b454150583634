/** The session cookie's name (docs/decisions/accounts.md). */
export const SESSION_COOKIE = 'jobindex_session';

/** `Set-Cookie` for a new session: HttpOnly, SameSite=Lax, Path=/, Max-Age; Secure when asked. */
export function sessionCookie(token: string, maxAgeMs: number, secure: boolean): string {
  const parts = [
    `${SESSION_COOKIE}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${Math.floor(maxAgeMs / 1000)}`,
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** The value of cookie `name` in a `Cookie` header, if present. */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
