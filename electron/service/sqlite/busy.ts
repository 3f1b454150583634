import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/** SQLite gave up waiting for another connection's write lock (after the busy timeout). */
export function isBusy(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code);
}

/**
 * How long a crawl or sync waits for another writer's transaction before giving up: 30 s, or
 * JOBINDEX_BUSY_WAIT_MS (tests, scripts that would rather fail fast).
 */
export const RUN_BUSY_TIMEOUT_MS =
  Number(process.env.JOBINDEX_BUSY_WAIT_MS) > 0 ? Number(process.env.JOBINDEX_BUSY_WAIT_MS) : 30_000;

/** A run that could not get the file's write lock in its bounded wait: try again later (exit 75). */
export class FileBusy extends Error {
  override name = 'FileBusy';
  constructor(file: string, holder: string | undefined) {
    super(
      `${file} is being written by ${holder ?? 'another process'}; this run waited its turn and gave up; try again when it is done`,
    );
  }
}

const noteOf = (file: string) => `${file}.writer`;

/** Whether a process of this machine runs under `pid` (a lock or writer note may outlive its process). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists, it is just not ours to signal.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Says who is writing `file` for a long run (`jobindex crawl`, `jobindex sync`), so another writer
 * that gives up waiting can name it. Not a lock: writers still take turns through SQLite's own.
 * Returns the removal.
 */
export function noteWriter(file: string, what: string): () => void {
  const mine = JSON.stringify({ pid: process.pid, what, since: new Date().toISOString() });
  // Another live writer's note stays: it is the one a waiting run must name.
  if (writerOf(file)) return () => {};
  try {
    writeFileSync(noteOf(file), mine);
  } catch {
    return () => {}; // a read-only folder: the name is a courtesy
  }
  return () => {
    try {
      if (readFileSync(noteOf(file), 'utf8') === mine) rmSync(noteOf(file), { force: true });
    } catch {
      /* already gone */
    }
  };
}

/** "jobindex crawl (process 123, since 05:10 UTC)" when a live process noted itself. */
export function writerOf(file: string): string | undefined {
  try {
    const n = JSON.parse(readFileSync(noteOf(file), 'utf8')) as { pid: number; what: string; since: string };
    if (n.pid === process.pid || !alive(n.pid)) return undefined;
    return `${n.what} (process ${n.pid}, since ${n.since.slice(11, 16)} UTC)`;
  } catch {
    return undefined;
  }
}
