import type { Database } from 'better-sqlite3';
import { FILE_KINDS, type FileKind } from './file-kinds.js';
import { WrongFile } from './wrong-file.js';

export type Identity =
  /** A file of the kind wanted: stamped, or from before the stamp (`legacy`). */
  | { is: 'wanted'; legacy: boolean }
  /** A valid SQLite database with nothing in it: a new file, for a command that creates one. */
  | { is: 'blank' };

function tables(db: Database): string[] {
  return db
    .prepare<[], string>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .pluck()
    .all();
}

const hex = (n: number) => `0x${(n >>> 0).toString(16).padStart(8, '0')}`;

/**
 * What `db` (an open connection to `file`, only read here) holds, against the kind wanted.
 * Throws WrongFile naming both kinds for a file of another kind: ours by its stamp or its
 * tables, another application's by its stamp or its tables, or not a database at all.
 */
export function identify(db: Database, file: string, want: FileKind): Identity {
  const appId = db.pragma('application_id', { simple: true }) as number;
  const version = db.pragma('user_version', { simple: true }) as number;
  if (appId === want.applicationId) return { is: 'wanted', legacy: false };
  const ours = FILE_KINDS.find((k) => k.applicationId === appId);
  if (ours) throw new WrongFile(`${file} is ${ours.aName}, not ${want.aName}`);
  if (appId !== 0)
    throw new WrongFile(
      `${file} belongs to another application (SQLite application_id ${hex(appId)}), not ${want.aName}`,
    );
  const names = tables(db);
  if (names.length === 0 && version === 0) return { is: 'blank' };
  const looksLike = (k: FileKind) => version >= 1 && k.firstTables.every((t) => names.includes(t));
  if (looksLike(want)) return { is: 'wanted', legacy: true };
  const other = FILE_KINDS.find(looksLike);
  if (other) throw new WrongFile(`${file} is ${other.aName}, not ${want.aName}`);
  const shown = names.length > 6 ? `${names.slice(0, 6).join(', ')}, …` : names.join(', ');
  throw new WrongFile(
    `${file} is another application's SQLite database (tables: ${shown || 'none'}), not ${want.aName}`,
  );
}
