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

/** SQLite could not grow the file: the disk (or quota) holding it is full. */
export function isDiskFull(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT';
}

/** What a person can act on, naming the file. */
export function diskFullMessage(file: string | undefined): string {
  return `the disk holding ${file ?? 'the data file'} is full; free space and try again`;
}
