import type { BoardRef, Platform } from '#shared/rules/board-ref';
import type { ParsedLocation } from '../../text/location.js';
import type { ParsedSalary } from '../normalize/salary-text.js';

/**
 * One posting as a platform states it, before the shared truth rules (normalize/) decide anything.
 * Adapters only read their platform's shape into this; nothing platform-specific passes it.
 */
export interface RawPosting {
  /** The platform's own id of the posting (stable across reads). */
  postingId: string;
  /** As given (may hold entities); the engine trims and decodes. */
  title: string;
  companyName?: string;
  /** Location strings the posting lists, parsed by the shared location parser. */
  locationTexts: string[];
  /** Places the platform states structurally (postal address), taken as they are. */
  structuredLocations?: ParsedLocation[];
  workplace?: 'remote' | 'hybrid' | 'onsite';
  remoteFlag?: boolean;
  /** The platform's employment-type field(s), before the title. */
  employmentValues: string[];
  /** Pay from the platform's structured compensation, when it states one. */
  salary?: ParsedSalary;
  /** Plain texts that may carry pay-transparency wording (the description's text, a salary note). */
  payTexts: string[];
  /** HTML as the platform gives it, already decoded once where the platform escapes it. */
  descriptionHtml: string;
  postingUrl?: string;
  applyUrl?: string;
  /** Where the posting's detail lives, for platforms whose id alone does not name it (Workday's `externalPath`). */
  detailRef?: string;
  /** Epoch ms; the board's own times where it gives them. */
  postedAt?: number;
  updatedAt?: number;
}

/** A board read: the postings, and how many the board said it has (when it says). */
export interface BoardRead {
  postings: RawPosting[];
  /** The board's own total, when its answer states one; a read with fewer is incomplete. */
  statedTotal?: number;
  companyName?: string;
  /** Descriptions cut to the stored bound when read (description-limits.ts). */
  descriptionsCut?: number;
}

export interface PlatformAdapter {
  platform: Platform;
  /** The platform's public API host (scheme and host), by region or by board. */
  apiBase(board: BoardRef): string;
  /**
   * Where a host that names the board (Recruitee's `{company}.recruitee.com`) is replaced by
   * `--api-base`: the base that still names it. Platforms whose path names the board leave it out.
   */
  overriddenBase?(base: string, board: BoardRef): string;
  /** The path and query of the board's listing, after the base. */
  listPath(board: BoardRef): string;
  /**
   * Where a one-page JSON answer holds every posting: the root's field (`jobs`), or `$` when the
   * answer is the list. A large answer is then read a batch of postings at a time
   * (streamed-listing.ts): `read` must read each posting of the list on its own, given the answer's
   * other fields. Paged and XML listings leave it out.
   */
  list?: string;
  /** `xml`: the listing is read as text and `read` gets the string (Personio's feed); default JSON. */
  format?: 'xml';
  /** Reads a parsed JSON body (the text for `format: 'xml'`); throws MalformedBoard when it is not the platform's shape. */
  read(body: unknown, board: BoardRef): BoardRead;
  /** The board's public careers page (the company's website when nothing better is known). */
  careersUrl(board: BoardRef): string;
  /**
   * Listings read by POST (Workday): the JSON body asking for the page from `offset` on. Without it
   * every page is a GET of its path.
   */
  listBody?(board: BoardRef, offset: number): unknown;
  /**
   * Listings the adapter reads itself (Workday, split by its facets past the list's offset cap):
   * every list request is `post(path, body)`, with the engine's gate, retries and redirect rule.
   */
  readAll?(post: (path: string, body: unknown) => Promise<unknown>, board: BoardRef): Promise<BoardRead>;
  /** Paged listings: the path of the page after `body`, or undefined on the last page. */
  nextPath?(body: unknown, board: BoardRef, readSoFar: number): string | undefined;
  /** Listings without descriptions: the path of one posting's detail, and what it adds. */
  detailPath?(board: BoardRef, posting: RawPosting): string;
  readDetail?(body: unknown, posting: RawPosting): RawPosting;
}

/** The base the board's paths follow: `--api-base` (trailing slashes dropped) when given, else the platform's host. */
export function baseOf(adapter: PlatformAdapter, board: BoardRef, override: string | undefined): string {
  if (override === undefined) return adapter.apiBase(board).replace(/\/+$/, '');
  const base = override.replace(/\/+$/, '');
  return adapter.overriddenBase ? adapter.overriddenBase(base, board) : base;
}

/** The body is not the platform's shape (truncated, an error page, a changed API). */
export class MalformedBoard extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedBoard';
  }
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

/** ISO-8601 or epoch-ms → epoch ms; undefined when absent or unreadable. */
export function timeOf(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v) && v > 0) return v;
  if (typeof v === 'string') {
    const t = Date.parse(v);
    return Number.isNaN(t) ? undefined : t;
  }
  return undefined;
}

export function arrayField(body: unknown, field: string, platform: string): unknown[] {
  if (!isRecord(body) || !Array.isArray(body[field])) {
    throw new MalformedBoard(`${platform}: answer has no "${field}" list`);
  }
  return body[field] as unknown[];
}
