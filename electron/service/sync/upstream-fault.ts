import { Code, ConnectError } from '@connectrpc/connect';
import { PageMismatch } from './page-check.js';
import { Malformed } from './upstream-records.js';
import { WalkStuck } from './walk-guard.js';

/**
 * A sync stopped by its upstream, not by the person's input (the CLI's exit 7): it could not be
 * reached, answered an error, or sent answers sync refuses (a page of another query, a walk that
 * never ends, bytes that are no record). What it sent wrongly was not written; the next run resumes.
 */
export class UpstreamFailed extends Error {
  override name = 'UpstreamFailed';
  constructor(
    readonly upstream: string,
    override readonly cause: Error,
  ) {
    super(`sync from ${upstream} stopped: ${whatWentWrong(cause)}; run the same command again to resume`);
  }
}

/** What the network says when no answer came (Connect passes these on as code Unknown). */
const UNREACHED =
  /\b(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ETIMEDOUT)\b|did not answer within/;

function whatWentWrong(e: Error): string {
  if (e instanceof ConnectError) {
    if (e.code === Code.Unavailable || e.code === Code.DeadlineExceeded || UNREACHED.test(e.rawMessage))
      return `the upstream could not be reached or did not answer (${e.rawMessage})`;
    return `the upstream answered an error${e.code === Code.Unknown ? '' : ` (${Code[e.code]})`}: ${e.rawMessage}`;
  }
  return `the upstream's answers could not be used: ${e.message}`;
}

/** `e` as an UpstreamFailed when the upstream caused it; undefined for any other failure. */
export function upstreamFailure(upstream: string, e: unknown): UpstreamFailed | undefined {
  if (e instanceof ConnectError && e.code === Code.Canceled) return undefined;
  if (e instanceof ConnectError || e instanceof WalkStuck || e instanceof PageMismatch || e instanceof Malformed)
    return new UpstreamFailed(upstream, e);
  return undefined;
}
