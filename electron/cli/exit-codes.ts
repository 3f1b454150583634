import { Code, ConnectError } from '@connectrpc/connect';
import { CommanderError } from 'commander';
import { FileBusy, isBusy } from '#service/sqlite/busy';
import { INDEX_FILE, USER_FILE } from '#service/sqlite/file-kinds';
import { DiskFull, diskFullMessage, isDiskFull, writableFile } from '#service/sqlite/writable-files';
import { SyncAlreadyRunning } from '#service/sync/sync-lock';
import { UpstreamFailed } from '#service/sync/upstream-fault';

/** The CLI's exit codes (README "The CLI"): each failure a script may want to tell apart. */
export const EXIT = {
  ok: 0,
  /** Invalid request or usage: a bad option value, a rule of the spec, a file of the wrong kind. */
  invalid: 2,
  notFound: 3,
  /** The system would not read or write a file (permissions, read-only media). */
  io: 4,
  /** The crawl ran but some boards failed (their errors are in the summary); nothing of theirs expired. */
  someBoardsFailed: 5,
  /** The disk holding a data file is full: free space and run again (nothing written was lost). */
  diskFull: 6,
  /** A sync stopped by its upstream: unreachable, an error answer, or answers sync refuses (the message names it). */
  upstream: 7,
  /** Try again later (sysexits' EX_TEMPFAIL): a sync into the same index is already running, or another writer held the file past the wait. */
  busy: 75,
} as const;

const IO_ERRNO = new Set([
  'EACCES',
  'EPERM',
  'EROFS',
  'ENOSPC',
  'EDQUOT',
  'EIO',
  'EISDIR',
  'ENOTDIR',
  'ENOENT',
  'EMFILE',
  'EBUSY',
]);
const IO_SQLITE = /^SQLITE_(IOERR|CANTOPEN|READONLY|FULL|PERM)/;

function isIo(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (IO_ERRNO.has(code) || IO_SQLITE.test(code));
}

/** The exit code and the line for stderr (without the `jobindex: ` prefix) of a command's failure. */
export function failureOf(e: unknown): { code: number; message: string } {
  const text = e instanceof Error ? e.message : String(e);
  // commander has printed its usage message already; help and --version exit 0.
  if (e instanceof CommanderError) return { code: e.exitCode === 0 ? EXIT.ok : EXIT.invalid, message: '' };
  if (e instanceof ConnectError) {
    const notFound = e.code === Code.NotFound;
    return {
      code: notFound ? EXIT.notFound : EXIT.invalid,
      message: `${notFound ? 'not found' : 'invalid request'}: ${e.rawMessage}`,
    };
  }
  if (e instanceof UpstreamFailed) return { code: EXIT.upstream, message: text };
  if (e instanceof SyncAlreadyRunning || e instanceof FileBusy) return { code: EXIT.busy, message: text };
  if (isBusy(e))
    return {
      code: EXIT.busy,
      message: `the file is being written by another process; try again when it is done (${text})`,
    };
  if (e instanceof DiskFull) return { code: EXIT.diskFull, message: text };
  const file = writableFile(INDEX_FILE.name) ?? writableFile(USER_FILE.name);
  if (isDiskFull(e, file)) return { code: EXIT.diskFull, message: diskFullMessage(file) };
  if (isIo(e)) return { code: EXIT.io, message: `I/O error: ${text}` };
  // The rest are the command's own refusals (WrongFile, a missing --board, …): the user's to fix.
  return { code: EXIT.invalid, message: text };
}
