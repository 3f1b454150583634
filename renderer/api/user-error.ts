import { Code, ConnectError } from '@connectrpc/connect';
import { describeError } from './ui-error.js';

// The service words these for the user already (401, 403, 429 with its wait, a missing upstream,
// a field that is wrong): show them as they are.
const OWN_WORDS = new Set([Code.Unauthenticated, Code.PermissionDenied, Code.ResourceExhausted, Code.FailedPrecondition, Code.InvalidArgument]);

/** One line for a form or a toast about a failed change of the user's data. */
export function userErrorText(e: unknown): string {
  const err = ConnectError.from(e);
  return OWN_WORDS.has(err.code) && err.rawMessage ? err.rawMessage : describeError(e).detail;
}
