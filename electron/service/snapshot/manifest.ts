/**
 * What an upstream publishes beside a snapshot of its index (docs/decisions/snapshots.md): enough
 * for a client to fetch it (file, bytes), check it (sha256, sizes, schema) and go on
 * incrementally from it (marks). Served as `/snapshot/manifest.json` beside the file it names.
 */
export interface SnapshotManifest {
  format: 1;
  /** The compressed file's name, in the manifest's folder. */
  file: string;
  /** ISO time the copy was taken. */
  createdAt: string;
  /** The index file's schema (PRAGMA user_version): a client refuses a newer one. */
  schemaVersion: number;
  /** The index's own version (meta index_version, new at every stats refresh). */
  indexVersion: string;
  /** Compressed size and sha256 (hex) of `file`. */
  bytes: number;
  sha256: string;
  /** Size of the SQLite file once decompressed. */
  dbBytes: number;
  counts: { companies: number; jobs: number; activeJobs: number };
  /** Newest discoveredAt / lastVerifiedAt (epoch ms) of its active jobs: a client's sync marks. Null for an empty index. */
  marks: { discovered: number; verified: number } | null;
}

export const MANIFEST_NAME = 'manifest.json';
/** Where `jobindex serve --snapshots DIR` offers the folder; any static host may serve it there too. */
export const SNAPSHOT_PATH = '/snapshot/';

/** Throws an error naming the field for anything that is not a manifest this build reads. */
export function parseManifest(text: string): SnapshotManifest {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new Error('snapshot manifest: not JSON');
  }
  const m = v as Record<string, unknown>;
  const bad = (field: string, want: string): never => {
    throw new Error(`snapshot manifest: ${field} must be ${want}, got ${JSON.stringify(m?.[field] ?? null)}`);
  };
  if (typeof m !== 'object' || m === null) bad('(root)', 'an object');
  if (m.format !== 1) bad('format', '1');
  if (typeof m.file !== 'string' || !/^[A-Za-z0-9._-]+$/.test(m.file) || m.file.startsWith('.'))
    bad('file', 'a plain file name');
  if (typeof m.createdAt !== 'string' || Number.isNaN(Date.parse(m.createdAt))) bad('createdAt', 'an ISO time');
  const whole = (x: unknown) => Number.isSafeInteger(x) && (x as number) >= 0;
  if (!whole(m.schemaVersion) || (m.schemaVersion as number) < 1) bad('schemaVersion', 'a whole number ≥ 1');
  if (typeof m.indexVersion !== 'string') bad('indexVersion', 'a string');
  if (!whole(m.bytes) || (m.bytes as number) < 1) bad('bytes', 'a whole number ≥ 1');
  if (typeof m.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(m.sha256)) bad('sha256', '64 lowercase hex digits');
  if (!whole(m.dbBytes) || (m.dbBytes as number) < 1) bad('dbBytes', 'a whole number ≥ 1');
  const c = m.counts as Record<string, unknown> | undefined;
  if (typeof c !== 'object' || c === null || !whole(c.companies) || !whole(c.jobs) || !whole(c.activeJobs))
    bad('counts', '{companies, jobs, activeJobs} whole numbers');
  const k = m.marks as Record<string, unknown> | null | undefined;
  if (k !== null && (typeof k !== 'object' || k === undefined || !whole(k.discovered) || !whole(k.verified)))
    bad('marks', 'null or {discovered, verified} epoch ms');
  return m as unknown as SnapshotManifest;
}
