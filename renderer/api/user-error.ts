import { Code, ConnectError } from '@connectrpc/connect';
import { describeError } from './ui-error.js';

// The service words these for the user already (401, 403, 429 with its wait, a missing upstream,
// a field that is wrong): show them as they are.
const OWN_WORDS = new Set([
  Code.Unauthenticated,
  Code.PermissionDenied,
  Code.ResourceExhausted,
  Code.FailedPrecondition,
  Code.InvalidArgument,
]);

/** A change the job index did not answer: it was not made, and nothing else is lost. */
export const NOT_CHANGED =
  'The job index is not answering, so nothing was changed. Try again in a moment; your saved jobs and notes are kept.';

/** One line for a form or a toast about a failed change of the user's data. */
export function userErrorText(e: unknown): string {
  const err = ConnectError.from(e);
  if (OWN_WORDS.has(err.code) && err.rawMessage) return err.rawMessage;
  const d = describeError(e);
  // A change is not retried by itself: say it was not made, and that nothing else is lost.
  return d.unreachable ? NOT_CHANGED : d.detail;
}
