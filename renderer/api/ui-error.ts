import { Code, ConnectError } from '@connectrpc/connect';
import { BRIDGE_KEY } from '#shared/ipc/bridge';

/** What an error screen says: what happened, and whether trying again can help. */
export interface UiError {
  title: string;
  detail: string;
  /** The service could not be reached at all (network, server stopped, IPC down). */
  unreachable: boolean;
  retryable: boolean;
}

export function isAbort(e: unknown): boolean {
  return (
    (e instanceof ConnectError && e.code === Code.Canceled) || (e instanceof DOMException && e.name === 'AbortError')
  );
}

// The browser's words for "nothing answered" ("Failed to fetch") tell a person nothing more.
const BROWSER_NETWORK_ERRORS =
  /^(failed to fetch|networkerror when attempting to fetch resource\.?|load failed|network error)$/i;

function unreachableCause(raw: string): string {
  return raw && !BROWSER_NETWORK_ERRORS.test(raw) ? ` (It said: ${raw}.)` : '';
}

/**
 * What happens next, to a person: the app tries again by itself (renderer/state/reconnect.ts).
 * The developer's hint (which command serves the page) only in a browser, where someone started it.
 */
function unreachableAdvice(): string {
  return BRIDGE_KEY in globalThis
    ? 'Your saved jobs and notes are kept; the app is trying again by itself. If this lasts, quit and reopen the app.'
    : 'Your saved jobs and notes are kept; the page is trying again by itself. If this lasts, check that `jobindex serve` (or `npm run web`) still runs in its terminal.';
}

export function describeError(e: unknown): UiError {
  const err = ConnectError.from(e);
  switch (err.code) {
    case Code.Unavailable:
    case Code.Unknown:
    case Code.DeadlineExceeded:
      return {
        title: 'The job index is not answering',
        detail: `${unreachableAdvice()}${unreachableCause(err.rawMessage)}`,
        unreachable: true,
        retryable: true,
      };
    case Code.InvalidArgument:
      return { title: 'The request was refused', detail: err.rawMessage, unreachable: false, retryable: false };
    case Code.NotFound:
      return {
        title: 'Not found',
        detail: `${err.rawMessage}. It may have expired and been removed from the index.`,
        unreachable: false,
        retryable: false,
      };
    case Code.ResourceExhausted:
      return { title: 'Request too large', detail: err.rawMessage, unreachable: false, retryable: false };
    default:
      return {
        title: 'The job index failed to answer',
        detail: `${err.rawMessage || 'internal error'} (${Code[err.code] ?? err.code}). Retry; if it keeps failing, restart the app.`,
        unreachable: false,
        retryable: true,
      };
  }
}
