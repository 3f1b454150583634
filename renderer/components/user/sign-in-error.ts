import { Code, ConnectError } from '@connectrpc/connect';
import { userErrorText } from '../../api/user-error.js';

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** A wait in words: "40 seconds", "15 minutes". */
export function waitWords(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * Why the upstream refused a sign-in, and what to do. A throttled sign-in (429) is the one the
 * service's own words leave terse: its wait (`… try again in N s`, from Retry-After) is read back
 * and said as minutes and a time of day.
 */
export function signInErrorText(e: unknown, now: number = Date.now()): string {
  const err = ConnectError.from(e);
  if (err.code === Code.ResourceExhausted) {
    const seconds = Number(/try again in (\d+) s\b/.exec(err.rawMessage)?.[1] ?? NaN);
    const when = Number.isFinite(seconds)
      ? `Try again in ${waitWords(seconds)} (after ${clock.format(now + seconds * 1000)}).`
      : 'Wait a while, then try again.';
    return `Too many sign-in attempts for this e-mail: the job index service refuses more for now. ${when}`;
  }
  // A wrong password, in the words of a sign-in form, with what to do.
  if (err.code === Code.Unauthenticated) {
    return 'Wrong e-mail or password. Check both (the password is case-sensitive), or choose “Forgot your password?” to reset it.';
  }
  // The upstream did not answer: the service's words name it (describeError would blame the app).
  if (err.code === Code.Unavailable && err.rawMessage.startsWith('the upstream')) return err.rawMessage;
  return userErrorText(e);
}
