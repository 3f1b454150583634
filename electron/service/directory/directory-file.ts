import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzip, gunzipSync, gzipSync } from 'node:zlib';
import { packageRoot } from '../paths.js';

/** The board directory shipped with the app, built by `npm run build:directory`. */
export const bundledDirectoryPath = `${packageRoot}/resources/directory/boards.tsv.gz`;

/** One employer board of the directory. */
export interface DirectoryEntry {
  platform: string;
  /** Identity as the platform compares it (lower-cased token; Workday `tenant/site`). */
  key: string;
  /** What the crawler is given (`greenhouse:TOKEN`, with `-eu` when `region` is set). */
  token: string;
  /** The company's name; '' when no source names it. */
  name: string;
  region?: 'eu';
  /** How many of the public directories list it. */
  sources: number;
}

const HEADER = '#jobindex-board-directory 1\tplatform\tkey\ttoken\tname\tregion\tsources';
const SOURCE_LETTERS: Record<string, string> = { freehire: 'f', kalil: 'k', jobsync: 'j', stapply: 's' };

const gunzipAsync = promisify(gunzip);

const clean = (s: string) => s.replace(/[\t\r\n]+/g, ' ');

/** The gzipped TSV of a directory. `key` is written only where it is not the lower-cased token, to keep the file small. */
export function writeDirectoryFile(boards: (Omit<DirectoryEntry, 'sources'> & { sources: string[] })[]): Buffer {
  const lines = [HEADER];
  for (const b of boards) {
    const key = b.key === b.token.toLowerCase() ? '' : b.key;
    const letters = b.sources.map((s) => SOURCE_LETTERS[s] ?? '?').join('');
    lines.push([b.platform, key, clean(b.token), clean(b.name), b.region ?? '', letters].join('\t'));
  }
  // mtime 0 in the gzip header: the same sources give the same bytes, so a rebuild shows no diff.
  return gzipSync(`${lines.join('\n')}\n`, { level: 9 });
}

/** Reads a directory file; throws naming the file and line on anything it does not recognise. */
export function readDirectoryFile(file: string = bundledDirectoryPath): DirectoryEntry[] {
  let bytes: Buffer;
  try {
    bytes = gunzipSync(readFileSync(file));
  } catch (e) {
    throw new Error(`board directory ${file}: ${(e as Error).message}`);
  }
  return [...directoryEntries(bytes, file)];
}

/** A directory file's bytes, read and inflated off this thread (the app's start: directory-search.ts). */
export async function readDirectoryBytes(file: string = bundledDirectoryPath): Promise<Buffer> {
  try {
    return await gunzipAsync(await readFile(file));
  } catch (e) {
    throw new Error(`board directory ${file}: ${(e as Error).message}`);
  }
}

const NEWLINE = 0x0a;

/**
 * The entries of a directory file's bytes, one line at a time, each line decoded alone: a caller
 * may pause between them, and no decoding of the whole file holds its thread.
 */
export function* directoryEntries(bytes: Buffer, file: string): Generator<DirectoryEntry> {
  let start = bytes.indexOf(NEWLINE);
  if (bytes.toString('utf8', 0, start === -1 ? bytes.length : start) !== HEADER)
    throw new Error(`board directory ${file}: not a board directory (line 1)`);
  for (let n = 2; start !== -1 && start < bytes.length; n++) {
    const end = bytes.indexOf(NEWLINE, start + 1);
    const line = bytes.toString('utf8', start + 1, end === -1 ? bytes.length : end);
    start = end;
    if (line === '') continue;
    const f = line.split('\t');
    if (f.length !== 6 || !f[0] || !f[2])
      throw new Error(`board directory ${file}: line ${n} is not platform, key, token, name, region, sources`);
    const entry: DirectoryEntry = {
      platform: f[0],
      key: f[1] || f[2].toLowerCase(),
      token: f[2],
      name: f[3]!,
      sources: f[5]!.length,
    };
    if (f[4] === 'eu') entry.region = 'eu';
    yield entry;
  }
}
