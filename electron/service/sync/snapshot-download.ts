import { createHash } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Laps } from './laps.js';
import { MANIFEST_NAME, parseManifest, SNAPSHOT_PATH, type SnapshotManifest } from '../snapshot/manifest.js';

/** A snapshot that failed its checks: refused, nothing of it is used, the index is as it was. */
export class SnapshotCorrupt extends Error {
  override name = 'SnapshotCorrupt';
}

/** The files a bootstrap keeps beside the index: the download so far and the manifest it belongs to. */
export function downloadFiles(indexFile: string): { part: string; partManifest: string; db: string } {
  return {
    part: `${indexFile}.snapshot.zst`,
    partManifest: `${indexFile}.snapshot.json`,
    db: `${indexFile}.snapshot.db`,
  };
}

/**
 * The upstream's snapshot manifest, or undefined when it offers none (a spec-only upstream: 404,
 * or any other 4xx). Network failures and 5xx are thrown: the sync's own requests would fail too.
 */
export async function fetchManifest(upstream: string, signal?: AbortSignal): Promise<SnapshotManifest | undefined> {
  const res = await fetch(`${upstream}${SNAPSHOT_PATH}${MANIFEST_NAME}`, {
    ...(signal ? { signal } : {}),
    headers: { Accept: 'application/json' },
  });
  if (res.status >= 400 && res.status < 500) {
    await res.body?.cancel();
    return undefined;
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`snapshot manifest from ${upstream}: HTTP ${res.status}`);
  }
  return parseManifest(await res.text());
}

export interface DownloadOptions {
  signal?: AbortSignal;
  /** Bytes so far, of `manifest.bytes`. */
  onBytes?: (done: number) => void;
  /** Attempts after a cut (each resumes where the last stopped). */
  retries?: number;
  backoffMs?: number;
  /** Times the download and the sha256 check. */
  laps?: Laps;
}

export interface DownloadResult {
  /** Bytes fetched by this call (less than the file's when it resumed). */
  fetched: number;
  /** Bytes already on disk from an earlier, cut download. */
  resumedFrom: number;
}

/**
 * Downloads the manifest's file to `part`, resuming a cut download of the same snapshot with an
 * HTTP Range request; checks the size and sha256. A mismatch deletes the download and throws
 * SnapshotCorrupt. A download of another snapshot (another sha256) is started over.
 */
export async function downloadSnapshot(
  upstream: string,
  m: SnapshotManifest,
  files: { part: string; partManifest: string },
  opts: DownloadOptions = {},
): Promise<DownloadResult> {
  const url = `${upstream}${SNAPSHOT_PATH}${m.file}`;
  if (!sameSnapshot(files.partManifest, m)) {
    rmSync(files.part, { force: true });
    writeFileSync(files.partManifest, JSON.stringify(m));
  }
  const resumedFrom = sizeOf(files.part);
  let fetched = 0;
  const retries = opts.retries ?? 6;
  const hash = new GrowingHash();
  for (let attempt = 0; ; attempt++) {
    const have = sizeOf(files.part);
    if (have > m.bytes) {
      rmSync(files.part, { force: true });
      continue;
    }
    if (have === m.bytes) break;
    try {
      await hash.catchUp(files.part);
      fetched += await fetchFrom(url, have, m.bytes, files.part, hash, opts);
    } catch (e) {
      if (opts.signal?.aborted || e instanceof SnapshotCorrupt || attempt >= retries) throw e;
      await new Promise((r) => setTimeout(r, (opts.backoffMs ?? 250) * 2 ** attempt));
    }
  }
  opts.laps?.lap('download');
  await hash.catchUp(files.part);
  const sha = hash.digest();
  opts.laps?.lap('sha256');
  if (sha !== m.sha256) {
    rmSync(files.part, { force: true });
    rmSync(files.partManifest, { force: true });
    throw new SnapshotCorrupt(
      `snapshot ${url} is corrupt: its sha256 is ${sha}, the manifest says ${m.sha256}; it was deleted and nothing was changed`,
    );
  }
  return { fetched, resumedFrom };
}

/** One request for the bytes from `from` on, appended to `part`; returns how many arrived. */
async function fetchFrom(
  url: string,
  from: number,
  total: number,
  part: string,
  hash: GrowingHash,
  opts: DownloadOptions,
): Promise<number> {
  const res = await fetch(url, {
    ...(opts.signal ? { signal: opts.signal } : {}),
    headers: from > 0 ? { Range: `bytes=${from}-` } : {},
  });
  if (res.status === 404)
    throw new SnapshotCorrupt(`snapshot ${url}: not found (the manifest names a file the upstream does not have)`);
  let start = from;
  if (res.status === 200) {
    start = 0; // no ranges here: the whole file again
    hash.reset();
  } else if (res.status === 206) {
    const m = /^bytes (\d+)-\d+\/(\d+)$/.exec(res.headers.get('content-range') ?? '');
    if (!m || Number(m[1]) !== from || Number(m[2]) !== total) {
      await res.body?.cancel();
      throw new Error(`snapshot ${url}: unexpected Content-Range ${res.headers.get('content-range')}`);
    }
  } else {
    await res.body?.cancel();
    throw new Error(`snapshot ${url}: HTTP ${res.status}`);
  }
  if (!res.body) throw new Error(`snapshot ${url}: no body`);
  let got = 0;
  const body = Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>);
  body.on('data', (c: Buffer) => {
    got += c.length;
    hash.update(c);
    opts.onBytes?.(start + got);
  });
  // Appends as it arrives, so a cut leaves every byte received for the next attempt.
  await pipeline(body, createWriteStream(part, { flags: start === 0 ? 'w' : 'a' }));
  return got;
}

function sameSnapshot(partManifest: string, m: SnapshotManifest): boolean {
  if (!existsSync(partManifest)) return false;
  try {
    const prev = JSON.parse(readFileSync(partManifest, 'utf8')) as Partial<SnapshotManifest>;
    return prev.sha256 === m.sha256 && prev.bytes === m.bytes && prev.file === m.file;
  } catch {
    return false;
  }
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/**
 * The sha256 of a download as its bytes arrive, so the check after it reads nothing again. Bytes
 * hashed but not on disk (a write cut short) are noticed by their count, and the file is then
 * hashed again from disk.
 */
class GrowingHash {
  private h = createHash('sha256');
  private bytes = 0;

  update(chunk: Buffer): void {
    this.h.update(chunk);
    this.bytes += chunk.length;
  }

  reset(): void {
    this.h = createHash('sha256');
    this.bytes = 0;
  }

  /** Makes the hash the file's when what it has seen is not the file on disk. */
  async catchUp(file: string): Promise<void> {
    if (this.bytes === sizeOf(file)) return;
    this.reset();
    for await (const c of createReadStream(file, { highWaterMark: 1 << 20 })) this.update(c as Buffer);
  }

  digest(): string {
    return this.h.digest('hex');
  }
}
