// The index's sources in words (index-db/write/job-sources.ts keys them `board:PLATFORM:TOKEN`,
// `board:PLATFORM-eu:TOKEN`, `upstream:URL`): one place for the saved job's close and the detail's
// "where it comes from" (docs/decisions/provenance.md).

import { PLATFORM_NAMES } from '../rules/board-ref.js';

/** A platform as its makers spell it ("SmartRecruiters"), "(EU)" for its EU host. */
export function platformName(platform: string, region?: string): string {
  return `${(PLATFORM_NAMES as Record<string, string>)[platform] ?? platform}${region === 'eu' ? ' (EU)' : ''}`;
}

export type SourceParts =
  | { kind: 'board'; platform: string; token: string }
  | { kind: 'upstream'; host: string }
  | { kind: 'other'; key: string };

/** What a source key names. */
export function sourceParts(key: string): SourceParts {
  const board = /^board:([a-z]+)(-eu)?:(.+)$/.exec(key);
  if (board) return { kind: 'board', platform: platformName(board[1]!, board[2] ? 'eu' : undefined), token: board[3]! };
  if (key.startsWith('upstream:')) {
    const url = key.slice('upstream:'.length);
    try {
      return { kind: 'upstream', host: new URL(url).host };
    } catch {
      return { kind: 'upstream', host: url };
    }
  }
  return { kind: 'other', key };
}

/** Where a close came from: "on its Greenhouse board", "upstream (jobs.example.com)". */
export function closedWhere(key: string): string {
  const p = sourceParts(key);
  if (p.kind === 'board') return `on its ${p.platform} board`;
  if (p.kind === 'upstream') return `upstream (${p.host})`;
  return `by ${p.key}`;
}

/** A source by name: "the Greenhouse board luno", "upstream jobs.example.com". */
export function sourceName(key: string): string {
  const p = sourceParts(key);
  if (p.kind === 'board') return `the ${p.platform} board ${p.token}`;
  if (p.kind === 'upstream') return `upstream ${p.host}`;
  return p.key;
}

/** One source holding a job, as SourcesService.JobSources tells it (at: ms). */
export interface HolderWords {
  key: string;
  open: boolean;
  at: number;
  /** The directory set the board was followed with, in words. */
  directorySet?: string | undefined;
}

const DAY = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/**
 * A job's "where it comes from": "From the Greenhouse board luno · also from upstream
 * jobs.example.com"; a source that closed it says so ("… (closed there Dec 3, 2026)"); a board of
 * a directory set names the set. `holders` in SourcesService.JobSources' order (open first, boards
 * first). "From the sample data" for the bundled sample; undefined when no source is known.
 */
export function whereFrom(holders: readonly HolderWords[], sample: boolean): string | undefined {
  if (holders.length === 0) return sample ? 'From the sample data bundled with the app' : undefined;
  return holders
    .map((h, i) => {
      const set = h.directorySet ? ` (directory set “${h.directorySet}”)` : '';
      const closed = h.open ? '' : ` (closed there ${DAY.format(h.at)})`;
      return `${i === 0 ? 'From' : 'also from'} ${sourceName(h.key)}${set}${closed}`;
    })
    .join(' · ');
}
