import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { getMeta } from '#service/index-db/meta';
import { inMemoryCopy } from '#service/sqlite/in-memory-copy';

export type InstallOutcome =
  /** No local index yet: the bundled one was copied in. */
  | 'installed'
  /** The bundled index is newer than the local one and replaced it. */
  | 'upgraded'
  /** The local file could not be read as an index and was replaced. */
  | 'replaced'
  /** The local index is as new as the bundled one or newer (e.g. synced since): left alone. */
  | 'kept';

/** The later of when the index was built and when it last synced (ms since epoch); 0 if neither is known. */
function freshnessOf(db: Database.Database): number {
  const times = [getMeta(db, 'built_at'), getMeta(db, 'last_sync_at')].map(Number).filter((t) => Number.isFinite(t));
  return times.length ? Math.max(...times) : 0;
}

/** How current a local index is; undefined when the file is not a readable index. */
export function indexFreshness(file: string): number | undefined {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    // The person follows real boards here (the sample was cleared): no bundled sample is newer.
    if (getMeta(db, 'sample_cleared_at') !== undefined) return Number.POSITIVE_INFINITY;
    return freshnessOf(db);
  } catch {
    return undefined;
  } finally {
    db?.close();
  }
}

/**
 * How current the shipped index is, read from an in-memory copy: the packaged app's resources
 * folder is read-only (AppImage, Program Files, a signed .app) and SQLite cannot open a WAL-mode
 * file there; the build checkpointed the WAL, the file is whole.
 */
export function shippedIndexFreshness(file: string): number | undefined {
  let db: Database.Database | undefined;
  try {
    db = inMemoryCopy(file);
    return freshnessOf(db);
  } catch {
    return undefined;
  } finally {
    db?.close();
  }
}

/** What a launch read of the shipped file, kept beside the local index as `<index>.shipped.json`. */
interface ShippedStamp {
  size: number;
  mtimeMs: number;
  freshness: number;
}

/**
 * `shippedIndexFreshness`, read again only when the shipped file changed (size or time: an app
 * update): reading it is a whole-file read (megabytes) that every launch would pay otherwise.
 * The stamp is a cache: when it is missing, unreadable or cannot be written, the file is read.
 */
export function cachedShippedFreshness(bundled: string, stampFile: string): number | undefined {
  let size: number, mtimeMs: number;
  try {
    const st = statSync(bundled);
    // Whole milliseconds: what every filesystem and copy tool keeps.
    ({ size, mtimeMs } = { size: st.size, mtimeMs: Math.trunc(st.mtimeMs) });
  } catch {
    return undefined;
  }
  try {
    const s = JSON.parse(readFileSync(stampFile, 'utf8')) as Partial<ShippedStamp>;
    if (s.size === size && s.mtimeMs === mtimeMs && typeof s.freshness === 'number') return s.freshness;
  } catch {
    // No stamp yet (first launch) or a broken one: read the file.
  }
  const freshness = shippedIndexFreshness(bundled);
  if (freshness !== undefined) {
    try {
      writeFileSync(stampFile, JSON.stringify({ size, mtimeMs, freshness } satisfies ShippedStamp));
    } catch {
      // Only the next launch's speed depends on it.
    }
  }
  return freshness;
}

/**
 * First launch and app upgrades: puts the index shipped in `resources/` at `target` (in the
 * user-data folder) when there is none, or when the shipped one is newer than the local one. A
 * local index that synced past the shipped one, or that holds crawled boards in place of the
 * sample (docs/decisions/sources.md), is kept. Only `target`, its WAL/SHM files and the
 * stamp of the shipped file (`<target>.shipped.json`) are ever written; the user's own file beside
 * it is never opened. Runs before the index is opened.
 */
export function installBundledIndex(bundled: string, target: string): InstallOutcome {
  mkdirSync(dirname(target), { recursive: true });
  const shipped = cachedShippedFreshness(bundled, `${target}.shipped.json`);
  if (shipped === undefined) throw new Error(`the bundled index ${bundled} is missing or unreadable`);
  let outcome: InstallOutcome;
  if (!existsSync(target)) outcome = 'installed';
  else {
    const local = indexFreshness(target);
    if (local === undefined) outcome = 'replaced';
    else if (shipped > local) outcome = 'upgraded';
    else return 'kept';
  }
  // Copy beside the target, then rename: a crash mid-copy never leaves a half index in place.
  const partial = `${target}.partial`;
  copyFileSync(bundled, partial);
  // The old file's WAL would be replayed onto the new file: it must go with it.
  for (const side of ['-wal', '-shm', '-journal']) rmSync(`${target}${side}`, { force: true });
  renameSync(partial, target);
  return outcome;
}
