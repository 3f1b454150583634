import { ConnectError } from '@connectrpc/connect';

// What the file system said, in words a person can act on. Anything else keeps the system's text.
const WHY: Record<string, string> = {
  ENOSPC: 'the disk is full. Free some space or choose another place, then export again',
  EDQUOT: 'your disk quota is used up. Free some space or choose another place, then export again',
  EACCES: 'permission denied. Choose a folder you can write to, then export again',
  EPERM: 'permission denied. Choose a folder you can write to, then export again',
  EROFS: 'the disk is read-only. Choose another place, then export again',
  ENOENT: 'the folder does not exist. Choose another place, then export again',
  ENOTDIR: 'the folder does not exist. Choose another place, then export again',
  EISDIR: 'a folder has that name. Choose another file name, then export again',
  EBUSY: 'the file is in use by another program. Close it or choose another name, then export again',
};

/** Why an export to `path` failed, for the person who chose `path`. */
export function exportErrorText(e: unknown, path: string): string {
  if (e instanceof ConnectError) return `could not read the jobs to export: ${e.rawMessage}`;
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  const why = typeof code === 'string' ? WHY[code] : undefined;
  if (why) return `could not write ${path}: ${why} (${code})`;
  return `could not write ${path}: ${e instanceof Error ? e.message : String(e)}`;
}
