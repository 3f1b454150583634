/** The four public directories, in the order their company names are trusted (best first). */
export const SOURCES = ['freehire', 'kalil', 'jobsync', 'stapply'] as const;
export type SourceName = (typeof SOURCES)[number];

/** One row of one source file, before any rule is applied. */
export interface RawRow {
  source: SourceName;
  /** The platform as the source's file names it (`join_com` already mapped to `join`). */
  platform: string;
  /** The source's token column, if it has one. */
  token?: string;
  /** The source's URL column, if it has one. */
  url?: string;
  name: string;
  /** The source says the board is on the platform's EU host. */
  eu?: boolean;
  /** Where the row came from, for the build report (`freehire/greenhouse.yml:12`). */
  at: string;
}
