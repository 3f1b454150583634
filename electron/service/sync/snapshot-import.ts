import { createReadStream, createWriteStream, rmSync, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import Database, { type Database as Db } from 'better-sqlite3';
import { DecompressStream } from 'zstd-napi';
import { INDEX_SCHEMA_VERSION, openIndex } from '../index-db/open-index.js';
import { INDEX_FILE } from '../sqlite/file-kinds.js';
import { identify } from '../sqlite/identify.js';
import type { SnapshotManifest } from '../snapshot/manifest.js';
import type { Laps } from './laps.js';
import { SnapshotCorrupt } from './snapshot-download.js';

const CHUNK = 1 << 20;

/**
 * Decompresses a downloaded snapshot to `dbFile` and checks it is what the manifest says: its
 * size, a job index (application_id), its schema and its counts. No quick_check here: the sha256
 * already matched, and the writer checked the file before publishing it (write-snapshot.ts). An
 * older schema is migrated forward. Anything wrong deletes it and throws SnapshotCorrupt.
 */
export async function unpackSnapshot(part: string, dbFile: string, m: SnapshotManifest, laps?: Laps): Promise<void> {
  rmSync(dbFile, { force: true });
  const refuse = (why: string): never => {
    rmSync(dbFile, { force: true });
    throw new SnapshotCorrupt(`snapshot ${m.file} is refused: ${why}; nothing was changed`);
  };
  try {
    // 1 MB reads and writes: with the 64 KB default, the hops between them cost 3× the decompression.
    await pipeline(
      createReadStream(part, { highWaterMark: CHUNK }),
      new DecompressStream(),
      createWriteStream(dbFile, { highWaterMark: CHUNK }),
    );
  } catch (e) {
    refuse(`it does not decompress (${(e as Error).message})`);
  }
  laps?.lap('decompress');
  if (statSync(dbFile).size !== m.dbBytes)
    refuse(`it decompresses to ${statSync(dbFile).size} bytes, the manifest says ${m.dbBytes}`);
  let db: Db | undefined;
  try {
    db = new Database(dbFile, { readonly: true, fileMustExist: true });
    identify(db, dbFile, INDEX_FILE);
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version !== m.schemaVersion) refuse(`its schema is ${version}, the manifest says ${m.schemaVersion}`);
    const count = (sql: string) => db!.prepare<[], number>(sql).pluck().get();
    const jobs = count('SELECT count(*) FROM jobs');
    const companies = count('SELECT count(*) FROM companies');
    if (jobs !== m.counts.jobs || companies !== m.counts.companies)
      refuse(
        `it holds ${jobs} jobs and ${companies} companies, the manifest says ${m.counts.jobs} and ${m.counts.companies}`,
      );
  } catch (e) {
    if (e instanceof SnapshotCorrupt) throw e;
    refuse((e as Error).message);
  } finally {
    db?.close();
  }
  laps?.lap('check');
  // An older schema: the same migrations as any index file (a newer one was refused before the download).
  if (m.schemaVersion < INDEX_SCHEMA_VERSION) {
    openIndex(dbFile).close();
    laps?.lap('migrate');
  }
}
