import { boardKey, type BoardRef, type Platform } from '#shared/rules/board-ref';
import type { UserDb } from './open-user-db.js';

export interface FollowedBoardRow {
  key: string;
  platform: Platform;
  token: string;
  region: 'eu' | null;
  input: string;
  followed_at: number;
  /** Why the platform could not confirm the board when followed; null once a crawl read it (user migration 0013). */
  unchecked?: string | null;
  /** The directory set the board was followed with, in words; null when followed alone (user migration 0014). */
  directory_set?: string | null;
}

export function refOfRow(row: FollowedBoardRow): BoardRef {
  return { platform: row.platform, token: row.token, ...(row.region ? { region: row.region } : {}) };
}

/** The boards the person follows (keyed by the crawl's `boardKey`, so a URL and `platform:token` are one board), oldest first (the order they were added). */
export class FollowedBoards {
  private readonly unfollowed = new Map<string, FollowedBoardRow>();

  constructor(
    private readonly db: UserDb,
    private readonly now: () => number = Date.now,
  ) {}

  /** Follows a board; following it again keeps the first row. Returns the row and whether it is new. */
  follow(
    ref: BoardRef,
    input: string,
    unchecked?: string,
    directorySet?: string,
  ): { row: FollowedBoardRow; added: boolean } {
    const same = this.same(ref);
    if (same) return { row: same, added: false };
    const key = boardKey(ref);
    // Following again what was unfollowed in this run (the Sources screen's Undo) keeps its place and first spelling.
    const back = this.unfollowed.get(key.toLowerCase());
    this.unfollowed.delete(key.toLowerCase());
    const added =
      this.db
        .prepare(
          `INSERT INTO followed_boards (key, platform, token, region, input, followed_at, unchecked, directory_set)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING`,
        )
        .run(
          back?.key ?? key,
          ref.platform,
          back?.token ?? ref.token,
          ref.region ?? null,
          back?.input ?? input,
          back?.followed_at ?? this.now(),
          unchecked ?? null,
          back ? (back.directory_set ?? null) : (directorySet ?? null),
        ).changes > 0;
    return { row: this.get(back?.key ?? key)!, added };
  }

  /** The row of this board however it was typed: tokens compare without case on every platform (crawl/job-id.ts). */
  same(ref: BoardRef): FollowedBoardRow | undefined {
    return this.db
      .prepare<[string], FollowedBoardRow>(
        'SELECT * FROM followed_boards WHERE lower(key) = lower(?) ORDER BY followed_at LIMIT 1',
      )
      .get(boardKey(ref));
  }

  /** Follows many boards in one transaction (a directory set, named in words); returns the ones newly followed. */
  followMany(boards: { ref: BoardRef; input: string }[], directorySet?: string): BoardRef[] {
    return this.db.transaction(() =>
      boards.filter((b) => this.follow(b.ref, b.input, undefined, directorySet).added).map((b) => b.ref),
    )();
  }

  /** A crawl read the board: it exists, nothing is left to check. */
  markChecked(key: string): void {
    this.db.prepare('UPDATE followed_boards SET unchecked = NULL WHERE key = ? AND unchecked IS NOT NULL').run(key);
  }

  /** Stops following; the row is remembered for this run of the app, so Undo (a follow again) puts it back where it was. */
  unfollow(key: string): boolean {
    const row = this.get(key);
    if (!row) return false;
    this.db.prepare('DELETE FROM followed_boards WHERE key = ?').run(key);
    this.unfollowed.set(key.toLowerCase(), row);
    return true;
  }

  get(key: string): FollowedBoardRow | undefined {
    return this.db.prepare<[string], FollowedBoardRow>('SELECT * FROM followed_boards WHERE key = ?').get(key);
  }

  list(): FollowedBoardRow[] {
    return this.db.prepare<[], FollowedBoardRow>('SELECT * FROM followed_boards ORDER BY followed_at, key').all();
  }

  refs(): BoardRef[] {
    return this.list().map(refOfRow);
  }
}
