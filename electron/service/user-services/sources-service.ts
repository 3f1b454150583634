import { Code, ConnectError, type ServiceImpl } from '@connectrpc/connect';
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import type { Board, BoardCandidate, SourcesService } from '#shared/gen/svc/sources/v1/sources_pb';
import { platformName } from '#shared/format/source-words';
import { FieldError } from '#shared/rules/field-error';
import { boardKey, parseBoardRef, PLATFORMS, type BoardRef } from '#shared/rules/board-ref';
import type { BoardSummary } from '../crawl/crawl-types.js';
import { refOfRow, type FollowedBoardRow } from '../user-db/followed-boards.js';
import { candidateTokens } from './board-candidates.js';
import { boardAnswer, probeBoard } from './board-probe.js';
import type { Sources } from './sources.js';
import type { IndexContext } from '../index-services/index-context.js';
import { jobProvenance } from './job-provenance.js';

const MAX_INPUT = 500;

/** A careers URL or `platform:token` (else the input is a company name to try on each platform). */
function looksLikeBoard(input: string): boolean {
  return /^[a-z]+(-eu)?:/i.test(input) || input.includes('/');
}

function board(row: FollowedBoardRow, state: BoardSummary | undefined, pending: boolean): Board {
  const b = {
    key: row.key,
    platform: row.platform,
    token: row.token,
    ...(row.region ? { region: row.region } : {}),
    input: row.input,
    followedAt: timestampFromMs(row.followed_at),
    state: pending ? 'crawling' : (state?.state ?? 'waiting'),
    postings: state?.postings ?? 0,
    added: state?.added ?? 0,
    updated: state?.updated ?? 0,
    expired: state?.expired ?? 0,
    ...(state ? { lastCrawlAt: timestampFromMs(state.crawledAt) } : {}),
    ...(state?.error ? { error: state.error } : {}),
    deadReads: state?.rot?.deadReads ?? 0,
    dead: state?.rot?.deadAt !== undefined,
    ...(state?.rot?.nextReadAt !== undefined ? { nextReadAt: timestampFromMs(state.rot.nextReadAt) } : {}),
    ...(row.unchecked ? { unchecked: row.unchecked } : {}),
  };
  return b as Board;
}

/** Tries a company name on every platform; the boards that list postings, most first. */
async function boardsNamed(sources: Sources, name: string, signal: AbortSignal): Promise<BoardCandidate[]> {
  const tokens = candidateTokens(name);
  if (tokens.length === 0) throw new FieldError('input', 'type a company name, a careers page URL or platform:token');
  // A Workday board is a tenant, a shard and a site: no name alone gives it (its careers URL does).
  const named = PLATFORMS.filter((p) => p !== 'workday');
  const refs: BoardRef[] = named.flatMap((platform) => tokens.map((token) => ({ platform, token })));
  const counts = await Promise.all(
    refs.map((ref) =>
      probeBoard(ref, {
        signal,
        ...(sources.opts.apiBase ? { apiBase: sources.opts.apiBase } : {}),
        ...(sources.opts.fetch ? { fetch: sources.opts.fetch } : {}),
      }),
    ),
  );
  const found = refs
    .map((ref, i) => ({ ref, postings: counts[i] ?? 0 }))
    .filter((c) => c.postings > 0)
    .sort((a, b) => b.postings - a.postings);
  if (found.length === 0) {
    throw new FieldError(
      'input',
      `no board with postings answered for "${name}" (tried ${tokens.join(', ')} on ${named.map((p) => platformName(p)).join(', ')}); paste the company's careers page URL instead`,
    );
  }
  return found.map(
    ({ ref, postings }) =>
      ({ platform: ref.platform, token: ref.token, input: boardKey(ref), postings }) as BoardCandidate,
  );
}

/**
 * Asks the platform for a board about to be followed: throws a FieldError naming `input` when the
 * platform says there is no such board (with what was tried); answers why it could not be checked
 * when the platform cannot be reached; undefined when it answered the board's list.
 */
async function checkNew(sources: Sources, ref: BoardRef, signal: AbortSignal): Promise<string | undefined> {
  const a = await boardAnswer(ref, {
    signal,
    ...(sources.opts.apiBase ? { apiBase: sources.opts.apiBase } : {}),
    ...(sources.opts.fetch ? { fetch: sources.opts.fetch } : {}),
    ...(sources.opts.checkTimeoutMs ? { timeoutMs: sources.opts.checkTimeoutMs } : {}),
  });
  const name = platformName(ref.platform, ref.region);
  if (a.kind === 'missing')
    throw new FieldError(
      'input',
      `${name} has no board "${ref.token}" (asked ${a.url}: ${a.why}); check the careers page URL or the token`,
    );
  if (a.kind === 'unreachable') return `${name} could not be reached when followed (${a.why})`;
  return undefined;
}

export function sourcesService(sources: Sources, index: () => IndexContext): ServiceImpl<typeof SourcesService> {
  const list = async (): Promise<Board[]> => {
    const states = await sources.states();
    return sources.followed.list().map((row) => board(row, states.get(row.key), sources.isPending(row.key)));
  };
  return {
    async follow(req, context) {
      const input = req.input.trim();
      if (input === '') throw new FieldError('input', 'type a company name, a careers page URL or platform:token');
      if (input.length > MAX_INPUT) throw new FieldError('input', `at most ${MAX_INPUT} characters`);
      if (!looksLikeBoard(input)) {
        let ref: BoardRef | undefined;
        try {
          ref = parseBoardRef(input, 'input'); // e.g. acme.recruitee.com
        } catch {
          return { candidates: await boardsNamed(sources, input, context.signal) };
        }
        return followRef(ref, input, context.signal);
      }
      return followRef(parseBoardRef(input, 'input'), input, context.signal);
    },
    async unfollow(req) {
      return { removed: await sources.unfollow(req.key) };
    },
    async list() {
      const boards = await list();
      const progress = sources.progress;
      const waits = sources.opts.turns?.waitingFor('crawl');
      return {
        boards,
        crawling: sources.crawling,
        ...(progress ? { progress } : {}),
        unread: boards.filter((b) => b.state === 'waiting').length,
        ...(waits ? { crawlWaitsFor: waits } : {}),
      };
    },
    async stopCrawl() {
      return { stopped: await sources.stopCrawl() };
    },
    async resume() {
      const unread = await sources.unread();
      void sources
        .crawl(unread)
        .catch((e: unknown) =>
          sources.opts.log?.(`jobindex: resumed crawl: ${e instanceof Error ? e.message : String(e)}`),
        );
      return { boards: unread.length };
    },
    async crawlNow(req) {
      // One board asked for by name is read even if it rests as dead; "every board" lets dead ones rest.
      await sources.crawl(
        req.key === '' ? sources.followed.refs() : [refOfRow(rowOf(req.key))],
        req.key === '' ? {} : { readDeadBoards: true },
      );
      const boards = await list();
      return { boards: req.key === '' ? boards : boards.filter((b) => b.key === req.key) };
    },
    jobSources(req) {
      return jobProvenance(index(), sources.followed, req.jobId);
    },
  };

  function rowOf(key: string): FollowedBoardRow {
    const row = sources.followed.get(key);
    if (!row) throw new ConnectError(`board ${key} is not followed`, Code.NotFound);
    return row;
  }

  async function followRef(
    ref: BoardRef,
    input: string,
    signal: AbortSignal,
  ): Promise<{ board: Board; alreadyFollowed: boolean }> {
    // A board new to the person is asked for first: one its platform says does not exist is
    // refused; one whose platform cannot be reached is kept, to be checked by its next crawl.
    const unchecked = sources.followed.same(ref) ? undefined : await checkNew(sources, ref, signal);
    const { row, added } = sources.followed.follow(ref, input, unchecked);
    if (added) {
      sources.clearSample();
      // Crawled in the background: the list shows it `crawling`, then its state.
      void sources
        .crawl([refOfRow(row)])
        .catch((e: unknown) =>
          sources.opts.log?.(`jobindex: crawl of ${row.key} failed: ${e instanceof Error ? e.message : String(e)}`),
        );
    }
    const states = await sources.states();
    return { board: board(row, states.get(row.key), sources.isPending(row.key)), alreadyFollowed: !added };
  }
}
