/**
 * The three kinds of SQLite file the app keeps. Each says what it is in SQLite's header
 * (`PRAGMA application_id`), so an open can refuse a file of another kind before writing a byte
 * to it (docs/decisions/file-kinds.md). All three are named here, in one place, so a refusal can
 * say what the file it was given is.
 */
export interface FileKind {
  /** As a person reads it in an error: "job index". */
  name: string;
  /** With its article: "a job index", "an accounts file". */
  aName: string;
  /** `PRAGMA application_id`: four ASCII letters, so `file(1)` and a hex dump show them too. */
  applicationId: number;
  /**
   * The tables a file of this kind had from its first migration: how a file written before
   * the app set `application_id` is recognised (with `user_version` ≥ 1).
   */
  firstTables: readonly string[];
}

const id = (tag: string) => tag.split('').reduce((n, c) => n * 256 + c.charCodeAt(0), 0);

export const INDEX_FILE: FileKind = {
  name: 'job index',
  aName: 'a job index',
  applicationId: id('JIdx'),
  firstTables: ['meta', 'companies', 'jobs'],
};
export const USER_FILE: FileKind = {
  name: 'user data file',
  aName: 'a user data file',
  applicationId: id('JIus'),
  firstTables: ['settings'],
};
export const ACCOUNTS_FILE: FileKind = {
  name: 'accounts file',
  aName: 'an accounts file',
  applicationId: id('JIac'),
  firstTables: ['users', 'sessions', 'reports', 'password_reset_requests', 'throttle'],
};

export const FILE_KINDS: readonly FileKind[] = [INDEX_FILE, USER_FILE, ACCOUNTS_FILE];
