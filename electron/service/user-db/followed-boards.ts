import { boardKey, type BoardRef, type Platform } from '#shared/rules/board-ref';
import type { UserDb } from './open-user-db.js';

export interface FollowedBoardRow {
  key: string;
  platform: Platform;
  token: string;
  region: 'eu' | null;
  input: string;
  followed_at: number;
}

export function refOfRow(row: FollowedBoardRow): BoardRef {
  return { platform: row.platform, token: row.token, ...(row.region ? { region: row.region } : {}) };
}

/** The boards the person follows (keyed by the crawl's `boardKey`, so a URL and `platform:token` are one board), oldest first (the order they were added). */
export class FollowedBoards {
  constructor(
    private readonly db: UserDb,
    private readonly now: () => number = Date.now,
  ) {}

  /** Follows a board; following it again keeps the first row. Returns the row and whether it is new. */
  follow(ref: BoardRef, input: string): { row: FollowedBoardRow; added: boolean } {
    // Tokens compare without case on every platform (crawl/job-id.ts): `lever:MOO` is `lever:moo`.
    const same = this.db
      .prepare<[string], FollowedBoardRow>(
        'SELECT * FROM followed_boards WHERE lower(key) = lower(?) ORDER BY followed_at LIMIT 1',
      )
      .get(boardKey(ref));
    if (same) return { row: same, added: false };
    const key = boardKey(ref);
    const added =
      this.db
        .prepare('INSERT INTO followed_boards VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING')
        .run(key, ref.platform, ref.token, ref.region ?? null, input, this.now()).changes > 0;
    return { row: this.get(key)!, added };
  }

  /** Follows many boards in one transaction; returns the ones newly followed. */
  followMany(boards: { ref: BoardRef; input: string }[]): BoardRef[] {
    return this.db.transaction(() => boards.filter((b) => this.follow(b.ref, b.input).added).map((b) => b.ref))();
  }

  unfollow(key: string): boolean {
    return this.db.prepare('DELETE FROM followed_boards WHERE key = ?').run(key).changes > 0;
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
