import type { ServiceImpl } from '@connectrpc/connect';
import type { BoardSet, DirectoryService } from '#shared/gen/svc/directory/v1/directory_pb';
import { boardKey, type BoardRef } from '#shared/rules/board-ref';
import { FieldError } from '#shared/rules/field-error';
import { platformName } from '#shared/format/source-words';
import { bundledDirectory, type DirectorySearch } from '../directory/directory-search.js';
import type { DirectoryEntry } from '../directory/directory-file.js';
import { boardInputOf, crawlableBoard } from '../directory/select-boards.js';
import { estimateSet } from '../directory/set-estimate.js';
import { STARTER_SETS, starterSet } from '../directory/starter-sets.js';
import type { Sources } from './sources.js';

/** A set is at most this many boards (the whole of Greenhouse is 8.4k). */
const MAX_SET = 20_000;
const DEFAULT_SET = 5_000;

interface Resolved {
  /** Crawlable boards not followed yet, with what the person would have typed. */
  toFollow: { ref: BoardRef; input: string }[];
  alreadyFollowed: number;
  notCrawled: number;
  /** The set in words, kept with each board it follows (a job's detail names it). */
  words: string;
}

/** "Named by every list · Greenhouse boards matching “acme”": what a set was, as the person chose it. */
function setWords(starter: string | undefined, platform: string, query: string): string {
  const boards = `${platform ? `${platformName(platform)} boards` : 'boards'}${query ? ` matching “${query}”` : ''}`;
  return [starter, platform || query ? boards : undefined].filter(Boolean).join(' · ');
}

/** The boards of a set, in the name search's order (or most-listed first), within its limit. */
function resolveSet(dir: DirectorySearch, set: BoardSet | undefined, followed: Set<string>): Resolved {
  const q = set ?? { query: '', platform: '', starter: '', limit: 0 };
  const limit = q.limit === 0 ? DEFAULT_SET : q.limit;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SET)
    throw new FieldError('set.limit', `must be 1 to ${MAX_SET}, got ${q.limit}`);
  const platform = q.platform.trim().toLowerCase();
  const starter = q.starter.trim() === '' ? undefined : starterSet(q.starter.trim());
  if (q.starter.trim() !== '' && !starter)
    throw new FieldError('set.starter', `no starter set "${q.starter}" (${STARTER_SETS.map((s) => s.id).join(', ')})`);
  if (q.query.trim() === '' && platform === '' && !starter)
    throw new FieldError('set', 'give a search, a platform or a starter set');
  let entries: DirectoryEntry[] =
    q.query.trim() !== ''
      ? dir.search(q.query, { ...(platform ? { platform } : {}), limit: Number.MAX_SAFE_INTEGER })
      : (platform ? dir.ofPlatform(platform) : [...dir.entries]).sort((a, b) => b.sources - a.sources);
  if (starter) entries = entries.filter((e) => starter.pick(e));
  const out: Resolved = {
    toFollow: [],
    alreadyFollowed: 0,
    notCrawled: 0,
    words: setWords(starter?.title, platform, q.query.trim()),
  };
  for (const e of entries) {
    const ref = crawlableBoard(e);
    if (!ref) {
      out.notCrawled++;
      continue;
    }
    if (out.toFollow.length + out.alreadyFollowed >= limit) break;
    if (followed.has(boardKey(ref).toLowerCase())) out.alreadyFollowed++;
    else out.toFollow.push({ ref, input: boardInputOf(e) });
  }
  return out;
}

/**
 * DirectoryService over the shipped board directory (or `directory`, for tests): read once,
 * answered from memory; sets are followed through `sources`.
 */
export function directoryService(
  sources: Sources,
  directory: () => Promise<DirectorySearch> = bundledDirectory,
): ServiceImpl<typeof DirectoryService> {
  // Read the file soon after start, not on the first keystroke on Sources (~1 s of CPU for 140k boards).
  setTimeout(() => void directory().catch(() => undefined), 1_000).unref();
  const followedKeys = () => new Set(sources.followed.list().map((r) => r.key.toLowerCase()));
  return {
    async search(req) {
      const limit = req.limit === 0 ? 20 : req.limit;
      if (limit < 1 || limit > 200) throw new FieldError('limit', `must be 1 to 200, got ${req.limit}`);
      const dir = await directory();
      const hits = dir.search(req.query, { ...(req.platform ? { platform: req.platform.toLowerCase() } : {}), limit });
      const states = await sources.states();
      const followed = followedKeys();
      return {
        boards: hits.map((e) => {
          const ref = crawlableBoard(e);
          const key = ref ? boardKey(ref) : undefined;
          const state = key ? states.get(key) : undefined;
          return {
            name: e.name,
            platform: e.platform,
            token: e.token,
            ...(e.region ? { region: e.region } : {}),
            input: boardInputOf(e),
            crawlable: ref !== undefined,
            lists: e.sources,
            ...(state ? { postingsLastRead: state.postings } : {}),
            followed: key !== undefined && followed.has(key.toLowerCase()),
          };
        }),
      };
    },
    async starters() {
      const dir = await directory();
      return {
        sets: STARTER_SETS.map((s) => ({
          id: s.id,
          title: s.title,
          about: s.about,
          boards: dir.entries.filter((e) => s.pick(e) && crawlableBoard(e) !== undefined).length,
        })),
      };
    },
    async estimate(req) {
      const set = resolveSet(await directory(), req.set, followedKeys());
      const perPlatform: Record<string, number> = {};
      for (const b of set.toFollow) perPlatform[b.ref.platform] = (perPlatform[b.ref.platform] ?? 0) + 1;
      const e = estimateSet(perPlatform, await sources.figures());
      return {
        boards: set.toFollow.length,
        alreadyFollowed: set.alreadyFollowed,
        notCrawled: set.notCrawled,
        postings: BigInt(e.postings),
        diskBytes: BigInt(e.diskBytes),
        seconds: BigInt(e.seconds),
        basis: e.basis,
      };
    },
    async followSet(req) {
      const set = resolveSet(await directory(), req.set, followedKeys());
      const added = sources.followed.followMany(set.toFollow, set.words);
      if (added.length > 0) {
        sources.clearSample();
        // The first crawl runs in the background: List shows its progress; StopCrawl and Resume.
        void sources
          .crawl(added)
          .catch((e: unknown) =>
            sources.opts.log?.(`jobindex: crawl of a followed set: ${e instanceof Error ? e.message : String(e)}`),
          );
      }
      return {
        followed: added.length,
        alreadyFollowed: set.alreadyFollowed + set.toFollow.length - added.length,
        notCrawled: set.notCrawled,
      };
    },
  };
}
