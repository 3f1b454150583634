import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';

/** The file this process last opened for writing, by kind name: what an error about the disk names. */
const files = new Map<string, string>();

export function noteWritable(kindName: string, file: string): void {
  files.set(kindName, file);
}

export function writableFile(kindName: string): string | undefined {
  return files.get(kindName);
}

/** A run that met a full disk, naming the file it was writing (the process may have others open). */
export class DiskFull extends Error {
  override name = 'DiskFull';
  readonly code = 'SQLITE_FULL';
  constructor(file: string | undefined, options?: ErrorOptions) {
    super(diskFullMessage(file), options);
  }
}

/**
 * Below this much free space, a "disk I/O error" is taken for a full disk: SQLite reports ENOSPC
 * as SQLITE_IOERR on some paths (a WAL or journal write), and it needs a few pages and a journal.
 */
export const NEARLY_FULL_BYTES = 8 << 20;

/** Bytes free to this process on the file system holding `file`; undefined when unknown. */
export function freeBytesNear(file: string): number | undefined {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    try {
      const s = statfsSync(dir);
      return s.bavail * s.bsize;
    } catch {
      if (dirname(dir) === dir) return undefined;
    }
  }
}

/**
 * SQLite could not grow the file: the disk (or quota) holding it is full. A disk I/O error
 * (SQLITE_IOERR_*) counts too when the disk holding `file` is in fact (nearly) full.
 */
export function isDiskFull(
  e: unknown,
  file?: string,
  free: (file: string) => number | undefined = freeBytesNear,
): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT') return true;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_IOERR') || file === undefined) return false;
  const left = free(file);
  return left !== undefined && left < NEARLY_FULL_BYTES;
}

/** What a person can act on, naming the file. */
export function diskFullMessage(file: string | undefined): string {
  return `the disk holding ${file ?? 'the data file'} is full; free space and try again`;
}
