import { parseBoardRef, type BoardRef } from '#shared/rules/board-ref';
import type { DirectoryEntry } from './directory-file.js';
import type { DirectorySearch } from './directory-search.js';

/** What a directory entry is called where a board is typed: `greenhouse:stripe`, `lever-eu:aevi`, a Workday careers URL. */
export function boardInputOf(e: DirectoryEntry): string {
  if (e.platform === 'workday') return `https://${e.token}`;
  return `${e.platform}${e.region === 'eu' ? '-eu' : ''}:${e.token}`;
}

/** The crawler's board for an entry, or undefined when the crawler does not read its platform (yet) or its token. */
export function crawlableBoard(e: DirectoryEntry): BoardRef | undefined {
  try {
    return parseBoardRef(boardInputOf(e));
  } catch {
    return undefined;
  }
}

export interface DirectorySelection {
  /** `--platform`: only this platform's boards. */
  platform?: string;
  /** `--match`: boards whose company name (or token) matches, as the name search finds them. */
  match?: string;
  /** `--limit`: at most this many crawlable boards. */
  limit?: number;
}

export interface SelectedBoards {
  boards: BoardRef[];
  /** Entries matched whose platform or token the crawler does not read, by platform. */
  notCrawled: Record<string, number>;
}

/**
 * A set of directory boards to crawl. With `match`, in the name search's order; otherwise the
 * boards more lists agree on first (likelier alive), then by platform and key, so a `--limit`
 * takes the same boards each time and a stopped crawl resumes on the same set.
 */
export function selectBoards(dir: DirectorySearch, o: DirectorySelection): SelectedBoards {
  const entries = o.match
    ? dir.search(o.match, { ...(o.platform ? { platform: o.platform } : {}), limit: Number.MAX_SAFE_INTEGER })
    : (o.platform ? dir.ofPlatform(o.platform) : [...dir.entries]).sort((a, b) => b.sources - a.sources);
  const boards: BoardRef[] = [];
  const notCrawled: Record<string, number> = {};
  for (const e of entries) {
    if (o.limit !== undefined && boards.length >= o.limit) break;
    const b = crawlableBoard(e);
    if (b) boards.push(b);
    else notCrawled[e.platform] = (notCrawled[e.platform] ?? 0) + 1;
  }
  return { boards, notCrawled };
}
