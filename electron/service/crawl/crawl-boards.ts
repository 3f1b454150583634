import { createHash } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { Database } from 'better-sqlite3';
import { create } from '@bufbuild/protobuf';
import { GetResponseSchema } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { boundDescription } from '#shared/sanitize/description-limits';
import { JobDetails } from '../index-db/read/job-detail.js';
import { openIndex } from '../index-db/open-index.js';
import { RUN_BUSY_TIMEOUT_MS } from '../sqlite/busy.js';
import { IndexWriter } from '../index-db/write/index-writer.js';
import { boardSource, JobSources } from '../index-db/write/job-sources.js';
import { refreshStats } from '../index-db/write/refresh-stats.js';
import { loadSanitizer, type Sanitize } from '../sanitize/lazy-sanitizer.js';
import { jobDetail } from '../index-db/wire.js';
import { forEachLimited } from '../sync/pool.js';
import type { RetryPolicy } from '../net/retrying-fetch.js';
import { BodyBudget, type BodyLease } from '../net/body-budget.js';
import { DEFAULT_MAX_ANSWER_MB, MB } from '../net/capped-body.js';
import { anomalyOf } from './anomaly.js';
import { emptySummary } from './board-summary.js';
import { finishRun } from './finish-run.js';
import { dueForRead, nextRot, rotEvidence } from './board-rot.js';
import { boardKey } from '#shared/rules/board-ref';
import { BoardStore, type PendingAnomaly } from './board-store.js';
import { companyNameOf, companyOfBoard, sameCompany } from './company-of-board.js';
import { nameSpelledInPostings } from './normalize/company-name.js';
import type { BoardRef, BoardSummary, CrawlOptions, CrawlSummary } from './crawl-types.js';
import { BoardReadError, CRAWL_RETRY, CrawlHttp, parseJson, type RawAnswer, type Validators } from './http-client.js';
import { crawledCompanyId, crawledJobId } from './job-id.js';
import { postingMapper, type PostingMapper } from './map-pool.js';
import { redirectRule } from './redirect-rule.js';
import { ADAPTERS } from './platforms/index.js';
import { baseOf, MalformedBoard, type BoardRead, type PlatformAdapter, type RawPosting } from './platforms/platform.js';
import { storedJob, toCrawledJob, type Mapped } from './to-job.js';
import { UnchangedBoards } from './unchanged-board.js';
import { descriptionChars, settled, slicesOf } from './write-slices.js';
import { heapRelief } from '../net/heap-relief.js';
import { ListingBytes } from './listing-bound.js';
import { readStreamed, STREAM_FROM_BYTES } from './streamed-listing.js';

export type { CrawlOptions, CrawlSummary, BoardSummary, CrawlProgress } from './crawl-types.js';

/**
 * Bump when the mapping (adapters, normalize rules, to-job) changes what a posting becomes: every
 * posting is then mapped and written again at the next crawl.
 */
export const MAPPING_VERSION = 'crawl-6'; // 2: unknown stored as unknown (index 0008); 3: crawl-truth.md rules; 4: pay judged in euros, whole amounts; 5: the held-out audit's rules (work-mode lines, remote pins, contract lengths, job-called-manager); 6: issue 29 (explicit words beat fields, working models, German pay, per-country tiers, places)

/** Boards read at once (each host still has its own limit). */
const BOARDS_IN_FLIGHT = 16;
const MAX_PAGES = 100;

/** The run being resumed: which boards (a digest of their sorted keys; the finished ones are rows of their own). */
interface RunState {
  boards: string;
  count: number;
  startedAt: number;
}

const digestOf = (keys: string[]) => createHash('sha256').update(keys.join('\n')).digest('hex');

interface Engine {
  db: Database;
  writer: IndexWriter;
  /** Who holds which job: the board holds what it lists (docs/decisions/provenance.md). */
  sources: JobSources;
  store: BoardStore;
  unchanged: UnchangedBoards;
  http: CrawlHttp;
  /** The answer bytes the run holds at once, over all boards in flight (body-budget.ts). */
  budget: BodyBudget;
  /** One answer's limit, and a listing's over all its pages (listing-bound.ts). */
  maxAnswerBytes: number;
  /** A one-page answer this large is read as a stream (streamed-listing.ts). */
  streamFromBytes: number;
  sanitize: Sanitize;
  mapper: PostingMapper;
  apiBase: CrawlOptions['apiBase'];
  now: () => number;
  /**
   * The saved jobs this run touched (read or expired). Only saved ones are kept: a set of every
   * job id a 5,000-board run touched was ~285k strings held to the end (issue 28).
   */
  touched: Set<string>;
  /** The user's saved job ids (lower case), read once at the start. */
  saved: ReadonlySet<string>;
}

/** Notes that the run read or expired `id`, if it is a saved job (recheckSaved). */
function touch(e: Engine, id: string): void {
  if (e.saved.has(id)) e.touched.add(id);
}

/**
 * Reads each board once, writes what changed through the index writer, expires what a complete
 * and trusted read left out, and stores each board's state (docs/decisions/crawl.md). An
 * interrupted crawl resumes: boards finished by the same crawl are not read again.
 */
export async function crawlBoards(options: CrawlOptions & { retry?: Partial<RetryPolicy> }): Promise<CrawlSummary> {
  const now = options.now ?? Date.now;
  const concurrencyPerHost = options.concurrencyPerHost ?? 4;
  if (!Number.isInteger(concurrencyPerHost) || concurrencyPerHost < 1 || concurrencyPerHost > 32) {
    throw new Error(`concurrencyPerHost: must be a whole number from 1 to 32, got ${concurrencyPerHost}`);
  }
  if (options.signal) setMaxListeners(256, options.signal);
  // The same board given twice is read once.
  const boards = [...new Map(options.boards.map((b) => [boardKey(b), b])).values()];
  const db = openIndex(options.indexFile);
  // A run waits longer than a request for another writer's turn to end (busy.ts).
  db.pragma(`busy_timeout = ${RUN_BUSY_TIMEOUT_MS}`);
  // The run writes, and reads a row or an index page at a time: pages read through the mapping
  // count in the crawling process's RSS as the file grows (issue 32; crawl-at-scale.md).
  db.pragma('mmap_size = 0');
  let mapper: PostingMapper | undefined;
  try {
    const store = new BoardStore(db);
    const keys = boards.map(boardKey).sort();
    const previous = store.getRun<Partial<RunState>>();
    // A crawl that died wrote boards but not the counts (facets, active jobs): repaired first, so
    // they are right even if this run dies too.
    if (previous) refreshStats(db, now());
    const digest = digestOf(keys);
    const resumed = previous?.boards === digest && previous.count === keys.length;
    if (!resumed) {
      // Another set of boards (or none before): a run of its own, nothing finished yet.
      store.clearRun();
      store.saveRun({ boards: digest, count: keys.length, startedAt: now() } satisfies RunState);
    }
    const done = new Set(resumed ? store.runDone() : []);
    const sanitize = await loadSanitizer();
    mapper = postingMapper(sanitize, options.mapThreads);
    const engine: Engine = {
      db,
      writer: new IndexWriter(db),
      sources: new JobSources(db),
      store,
      unchanged: new UnchangedBoards(db, store),
      http: new CrawlHttp({
        concurrencyPerHost,
        retry: { ...CRAWL_RETRY, ...options.retry },
        ...(options.signal ? { signal: options.signal } : {}),
      }),
      budget: new BodyBudget(options.bodyBudgetBytes),
      maxAnswerBytes: options.retry?.maxBodyBytes ?? DEFAULT_MAX_ANSWER_MB * MB,
      streamFromBytes: options.streamFromBytes ?? STREAM_FROM_BYTES,
      sanitize,
      mapper,
      apiBase: options.apiBase,
      now,
      touched: new Set(),
      saved: new Set(options.savedJobs?.savedJobIds().map((id) => id.toLowerCase()) ?? []),
    };
    const summaries = new Map<string, BoardSummary>();
    const earlier = new Map(store.summaries().map((s) => [boardKey(s.board), s]));
    for (const key of done) {
      const s = earlier.get(key);
      if (s) summaries.set(key, s);
    }
    let postings = 0;
    let changed = false;
    // In board-key order, and each board writes only after the boards before it: boards are read
    // at once, but the slug a new company gets never depends on which answer came first.
    const todo = boards.filter((b) => !done.has(boardKey(b))).sort((a, b) => (boardKey(a) < boardKey(b) ? -1 : 1));
    const written = todo.map(() => {
      let resolve!: () => void;
      return { promise: new Promise<void>((r) => (resolve = r)), resolve: () => resolve() };
    });
    let boardsDone = boards.length - todo.length;
    options.onProgress?.({ boardsDone, boardsTotal: boards.length, postings });
    await forEachLimited(todo.entries(), BOARDS_IN_FLIGHT, async ([i, board]) => {
      let summary: BoardSummary;
      const last = earlier.get(boardKey(board));
      try {
        if (last && !options.readDeadBoards && !dueForRead(last.rot, now())) {
          // A dead board waits out its rest (board-rot.ts): its last read stands.
          summary = { ...last, resting: true };
        } else {
          summary = await crawlBoard(engine, board, () => (i > 0 ? written[i - 1]!.promise : Promise.resolve()));
          summary.rot = nextRot(last?.rot ?? { deadReads: 0 }, rotEvidence(summary), summary.crawledAt);
          store.saveRot(board, summary.rot);
        }
      } finally {
        written[i]!.resolve();
      }
      options.signal?.throwIfAborted();
      summaries.set(boardKey(board), summary);
      store.markRunDone(boardKey(board));
      postings += summary.postings;
      if (summary.added + summary.updated + summary.expired > 0) changed = true;
      options.onProgress?.({ boardsDone: ++boardsDone, boardsTotal: boards.length, postings, board });
    });
    const at = now();
    await finishRun({
      db,
      writer: engine.writer,
      indexFile: options.indexFile,
      at,
      changed,
      readReal: [...summaries.values()].some((s) => s.state === 'ok' && s.postings > 0),
      done: () => store.clearRun(),
    });
    if (options.savedJobs) await recheckSaved(engine, options.savedJobs, at);
    return { boards: boards.map((b) => summaries.get(boardKey(b))!).filter(Boolean) };
  } finally {
    await mapper?.close();
    db.close();
  }
}

/** The last state of every board the index has crawled. */
export function readBoardStates(indexFile: string): BoardSummary[] {
  const db = openIndex(indexFile);
  try {
    return new BoardStore(db).summaries();
  } finally {
    db.close();
  }
}

/** A listing as answered: its hash, and the read parsed only when asked (an unchanged answer never is). */
interface Answer {
  /** undefined when the platform answered 304 Not Modified. */
  hash?: string;
  validators?: Validators;
  read: () => BoardRead;
}

/**
 * Reads the board's listing, every page within a bound. A one-page GET listing is asked
 * conditionally with `validators` and is parsed only when `read()` is called; a paged one is
 * parsed as it is read (the next page's path is in it).
 */
async function readAnswer(
  e: Engine,
  adapter: PlatformAdapter,
  board: BoardRef,
  lease: BodyLease,
  validators?: Validators,
): Promise<Answer> {
  const base = baseFor(e, adapter, board);
  const redirects = redirectRule(adapter, board, e.apiBase?.[board.platform]);
  const accept = adapter.format === 'xml' ? 'application/xml, text/xml' : 'application/json';
  // The listing's pages together, counted as the board's lease counts them (listing-bound.ts).
  const listing = new ListingBytes(lease, e.maxAnswerBytes);
  const parse = (text: string): unknown => (adapter.format === 'xml' ? text : parseJson(text));
  // A page's text and its parse tree are garbage once its postings are read from it.
  const done = (text: string) => heapRelief.letGo(2 * text.length);
  const page = (path: string, offset: number, v?: Validators, keepBytesFrom?: number) =>
    e.http.getAnswer(
      base + path,
      {
        accept,
        ...(adapter.listBody ? { post: adapter.listBody(board, offset) } : {}),
        ...(v ? { validators: v } : {}),
        ...(keepBytesFrom !== undefined ? { keepBytesFrom } : {}),
      },
      redirects,
      listing,
    );
  if (adapter.readAll) {
    // A split read (Workday past its offset cap) is many POSTs: its hash is of what it read.
    const post = async (path: string, b: unknown) => {
      const body = await e.http.postJson(base + path, b, redirects, listing);
      listing.page();
      return body;
    };
    const all = bound(await adapter.readAll(post, board));
    return { hash: answerHash().update(JSON.stringify(all)).digest('base64'), read: () => all };
  }
  // A later page's 304 would say nothing of the first page's: only one-page listings ask so.
  const oneGet = !adapter.listBody && !adapter.nextPath;
  // A large one-page answer is kept as bytes and read as a stream, once hashed, if it changed.
  const streams = oneGet && adapter.list !== undefined && adapter.format !== 'xml';
  const first = await page(
    adapter.listPath(board),
    0,
    oneGet ? validators : undefined,
    streams ? e.streamFromBytes : undefined,
  );
  if (first.notModified) {
    return {
      read: () => {
        throw new Error('a 304 answer has no body to read');
      },
    };
  }
  listing.page();
  if (first.bytes) return streamedAnswer(adapter, board, first);
  const hash = answerHash().update(first.text!);
  let read: BoardRead | undefined;
  if (adapter.nextPath) {
    let body = parse(first.text!);
    read = adapter.read(body, board);
    // Paged boards: every page, within a bound (a board that pages forever is read no further).
    for (let n = 1, next = adapter.nextPath(body, board, read.postings.length); next && n < MAX_PAGES; n++) {
      const text = (await page(next, read.postings.length)).text ?? '';
      listing.page();
      hash.update('\0').update(text);
      body = parse(text);
      const more = adapter.read(body, board).postings;
      done(text);
      if (more.length === 0) break;
      read.postings.push(...more);
      next = adapter.nextPath(body, board, read.postings.length);
    }
    bound(read);
  }
  // A paged listing was parsed as it was read: its first page's text is not held for read().
  let text: string | undefined = read ? undefined : first.text!;
  // Each stage is garbage once the next holds what it needs (heap-relief.ts): the text once
  // parsed, the tree once its postings are read. Functions of their own, so that no frame still
  // holds a stage when it is let go.
  const parseText = (): unknown => {
    const t = text ?? '';
    text = undefined;
    return parse(t);
  };
  const readTree = (chars: number): BoardRead => {
    const body = parseText();
    heapRelief.letGo(chars);
    return adapter.read(body, board);
  };
  return {
    hash: hash.digest('base64'),
    ...(first.validators ? { validators: first.validators } : {}),
    read: () => {
      if (read) return read;
      // Parsed once; the answer's text and tree are let go, so the board holds its postings alone.
      const chars = text?.length ?? 0;
      read = bound(readTree(chars));
      heapRelief.letGo(chars);
      return read;
    },
  };
}

/**
 * A large one-page answer: hashed as its bytes (the same hash as its text's when it is valid UTF-8),
 * and read as a stream only when asked; the bytes are let go once read.
 */
function streamedAnswer(adapter: PlatformAdapter, board: BoardRef, raw: RawAnswer): Answer {
  let bytes = raw.bytes;
  delete raw.bytes;
  let read: BoardRead | undefined;
  // A function of its own, so that no frame still holds the bytes when they are collected.
  const readBytes = (): BoardRead => {
    const held = bytes!;
    bytes = undefined;
    return readStreamed(held, adapter, board, { bound: boundPostings });
  };
  return {
    hash: answerHash().update(bytes!).digest('base64'),
    ...(raw.validators ? { validators: raw.validators } : {}),
    read: () => {
      if (read) return read;
      read = readBytes();
      // The bytes and the parse's pieces are garbage now, while the board is mapped and written.
      heapRelief.collect();
      return read;
    },
  };
}

/** A listing's hash starts with the rules' version: new rules read every board whole once. */
const answerHash = () => createHash('sha1').update(MAPPING_VERSION).update('\0');

/**
 * Bounded as soon as read: a 20 MB description is not hashed, copied and parsed whole. How many
 * were cut is kept for the board's summary.
 */
function bound(read: BoardRead): BoardRead {
  const cut = boundPostings(read.postings);
  if (cut > 0) read.descriptionsCut = cut;
  return read;
}

/** Bounds the postings' descriptions in place: how many were cut. */
function boundPostings(postings: RawPosting[]): number {
  let cut = 0;
  for (const p of postings) {
    const kept = boundDescription(p.descriptionHtml);
    if (kept !== p.descriptionHtml) cut++;
    p.descriptionHtml = kept;
  }
  return cut;
}

function baseFor(e: Engine, adapter: PlatformAdapter, board: BoardRef): string {
  return baseOf(adapter, board, e.apiBase?.[board.platform]);
}

/** The posting as the platform stated it, and the rules' version: unchanged → nothing to map or write. */
function postingHash(companyId: string, p: RawPosting): string {
  return createHash('sha1').update(MAPPING_VERSION).update(companyId).update(JSON.stringify(p)).digest('base64');
}

/** Listings without descriptions: the detail of each new or changed posting (a failed one stays without). */
async function withDetails(
  e: Engine,
  adapter: PlatformAdapter,
  board: BoardRef,
  changed: RawPosting[],
  lease: BodyLease,
): Promise<Map<string, RawPosting> & { failed?: number; cut?: number }> {
  const out: Map<string, RawPosting> & { failed?: number; cut?: number } = new Map<string, RawPosting>();
  if (!adapter.detailPath || !adapter.readDetail) return out;
  const base = baseFor(e, adapter, board);
  const redirects = redirectRule(adapter, board, e.apiBase?.[board.platform]);
  await Promise.all(
    changed.map(async (p) => {
      try {
        const detail = adapter.readDetail!(
          await e.http.getJson(base + adapter.detailPath!(board, p), redirects, lease),
          p,
        );
        const kept = boundDescription(detail.descriptionHtml);
        if (kept !== detail.descriptionHtml) out.cut = (out.cut ?? 0) + 1;
        detail.descriptionHtml = kept;
        out.set(p.postingId, detail);
      } catch (err) {
        failure(err);
        out.failed = (out.failed ?? 0) + 1;
      }
    }),
  );
  return out;
}

function failure(e: unknown): string {
  if (e instanceof BoardReadError || e instanceof MalformedBoard) return e.message;
  throw e;
}

/**
 * `turn` resolves once every board before this one (in key order) has written. The board's
 * answers count against the run's budget from the first byte until it has written.
 */
async function crawlBoard(e: Engine, board: BoardRef, turn: () => Promise<void>): Promise<BoardSummary> {
  const lease = e.budget.lease();
  try {
    return await crawlLeased(e, board, turn, lease);
  } finally {
    lease.release();
  }
}

async function crawlLeased(
  e: Engine,
  board: BoardRef,
  turn: () => Promise<void>,
  lease: BodyLease,
): Promise<BoardSummary> {
  const at = e.now();
  const summary = emptySummary(board, at);
  const adapter = ADAPTERS[board.platform];
  const pending = e.store.pending(board);
  if (!adapter) {
    e.store.save({ ...summary, state: 'error', error: `${board.platform} boards cannot be crawled yet` }, pending);
    return { ...summary, state: 'error', error: `${board.platform} boards cannot be crawled yet` };
  }
  let read: BoardRead;
  let answer: Answer;
  const mark = e.store.answer(board);
  const source = boardSource(boardKey(board));
  try {
    answer = await readAnswer(e, adapter, board, lease, mark?.validators);
    if (mark && (answer.hash === undefined || answer.hash === mark.hash)) {
      // The answer of the last trusted read: its postings are still there, nothing else to do.
      const same = e.unchanged.verify(
        board,
        source,
        { ...mark, ...(answer.validators ? { validators: answer.validators } : {}) },
        at,
      );
      if (same) {
        if (e.saved.size > 0) for (const id of e.store.known(board).keys()) touch(e, id);
        return same;
      }
      // A posting of it left the index by another path: read whole (a 304 has no body to read).
      if (answer.hash === undefined) answer = await readAnswer(e, adapter, board, lease);
    }
    read = answer.read();
  } catch (err) {
    const fail: BoardSummary = { ...summary, state: 'error', error: failure(err) };
    if (err instanceof BoardReadError && (err.status === 404 || err.status === 410)) fail.gone = true;
    e.store.save(fail, pending);
    return fail;
  }
  const known = e.store.known(board);
  let anomaly = anomalyOf(known.size, read.postings.length, read.statedTotal);
  if (anomaly) {
    // A second read at once rides out a passing glitch.
    try {
      const second = await readAnswer(e, adapter, board, lease);
      const again = second.read();
      if (!anomalyOf(known.size, again.postings.length, again.statedTotal)) {
        read = again;
        answer = second;
        anomaly = undefined;
      }
    } catch (err) {
      failure(err);
    }
  }
  // The same anomaly seen by the previous crawl too confirms it (an incomplete answer never does).
  const incomplete = read.statedTotal !== undefined && read.postings.length < read.statedTotal;
  const confirmed = !!anomaly && !incomplete && !!pending && read.postings.length <= pending.postings;
  summary.postings = read.postings.length;
  if (read.descriptionsCut) summary.cut = read.descriptionsCut;
  // No name from the platform (Lever, Ashby): the company's own spelling of its token in its postings.
  const statedName =
    read.companyName ??
    read.postings.find((p) => p.companyName)?.companyName ??
    nameSpelledInPostings(
      board.token,
      read.postings.slice(0, 30).flatMap((p) => [p.title, p.descriptionHtml]),
    );
  const companyName = companyNameOf(board, statedName);
  const companyId = crawledCompanyId(board);
  const listed = new Set(read.postings.map((p) => crawledJobId(board, p.postingId)));
  let detailsFailed = 0;
  // A slice's changed postings, their details read and mapped on the mapper's threads while
  // other boards are read and written. A board is mapped and written a slice at a time: a
  // 20,000-posting board held mapped whole (and copied to a worker and back) peaked at 880 MB.
  const prepare = async (postings: RawPosting[]): Promise<Prepared> => {
    const hashes = new Map(postings.map((p) => [p, postingHash(companyId, p)]));
    const changed = postings.filter((p) => known.get(crawledJobId(board, p.postingId)) !== hashes.get(p));
    const details = await withDetails(e, adapter, board, changed, lease);
    detailsFailed += details.failed ?? 0;
    if (details.cut) summary.cut = (summary.cut ?? 0) + details.cut;
    const full = changed.map((p) => details.get(p.postingId) ?? p);
    const mapped = new Map<string, Mapped>();
    (await e.mapper.map({ board, postings: full, companyName })).forEach((m, i) => mapped.set(full[i]!.postingId, m));
    return { postings, hashes, details, mapped, chars: descriptionChars(full) };
  };
  const slices = slicesOf(read.postings, (p) => p.descriptionHtml.length);
  let next = settled(prepare(slices[0]!));
  await turn();
  // After this board's turn: the boards after it write only once its last slice is written, so
  // the slug picked here is still free when its first slice writes it.
  const company = companyOfBoard(e.db, board, adapter, statedName, read.postings, at);
  const seen = new Set<string>();
  const discovered = e.db.prepare<[string], number>('SELECT discovered_at FROM jobs WHERE id = ?').pluck();
  for (let k = 0; k < slices.length; k++) {
    const ready = await next;
    const last = k === slices.length - 1;
    if (!last) next = settled(prepare(slices[k + 1]!));
    e.writer.transaction(() => {
      if (k === 0) {
        if (!sameCompany(e.db, company)) e.writer.upsertCompany(company);
        // Written in slices: until the last, the board's answer stands for nothing (a run that
        // dies between them reads the board whole next time).
        if (!last) e.store.dropAnswer(board);
      }
      for (const p of ready.postings) {
        const id = crawledJobId(board, p.postingId);
        const hash = ready.hashes.get(p)!;
        if (seen.has(id)) {
          summary.skipped.duplicate = (summary.skipped.duplicate ?? 0) + 1;
          continue;
        }
        if (known.get(id) === hash && e.writer.markVerified(id, at)) {
          e.sources.open(id, source, at);
          seen.add(id);
          touch(e, id);
          summary.unchanged++;
          continue;
        }
        // A posting unchanged but missing from the index (rare) is mapped here.
        const mapped =
          ready.mapped.get(p.postingId) ??
          toCrawledJob(board, ready.details.get(p.postingId) ?? p, companyName, e.sanitize);
        if ('skipped' in mapped) {
          summary.skipped[mapped.skipped] = (summary.skipped[mapped.skipped] ?? 0) + 1;
          continue;
        }
        const job = mapped.job;
        seen.add(id);
        touch(e, id);
        const firstSeen = discovered.get(id);
        if (firstSeen === undefined) adoptTwin(e, id, job.platform, job.postingUrl, source);
        e.writer.upsertJob(storedJob(job, { discoveredAt: firstSeen ?? at, at }, company.id));
        e.store.putPosting(board, id, job.postingId, hash);
        e.sources.open(id, source, at);
        if (firstSeen === undefined) summary.added++;
        else summary.updated++;
      }
      if (last)
        closeBoard(e, board, { read, known, listed, anomaly, confirmed, answer, summary, source, at, detailsFailed });
    });
    // The slice's copies from the mapping thread, its mapped jobs, the postings' hashed JSON and
    // the rows' strings are garbage now: each about its descriptions' size.
    heapRelief.letGo(4 * ready.chars);
  }
  return summary;
}

/** A slice of a board's postings, ready to write: their hashes, details and mapped jobs. */
interface Prepared {
  postings: RawPosting[];
  hashes: Map<RawPosting, string>;
  details: Map<string, RawPosting>;
  mapped: Map<string, Mapped>;
  /** Characters of description mapped. */
  chars: number;
}

/**
 * The board's last slice written: expires what a complete, trusted read left out, and saves the
 * board's state and the answer it stands for (in the last slice's transaction).
 */
function closeBoard(
  e: Engine,
  board: BoardRef,
  c: {
    read: BoardRead;
    known: Map<string, string>;
    listed: Set<string>;
    anomaly: string | undefined;
    confirmed: boolean;
    answer: Answer;
    summary: BoardSummary;
    source: string;
    at: number;
    detailsFailed: number;
  },
): void {
  const { summary, at } = c;
  if (!c.anomaly || c.confirmed) {
    for (const id of c.known.keys()) {
      // Postings skipped this read (no description) are still on the board: not expired.
      if (c.listed.has(id)) continue;
      // The board's own complete read is authoritative for its postings, whoever else holds them.
      if (e.writer.expireJob(id, at)) summary.expired++;
      e.sources.closed(id, c.source, at);
      e.store.dropPosting(id);
      touch(e, id);
    }
  }
  let next: PendingAnomaly | undefined;
  if (c.anomaly && !c.confirmed) {
    summary.state = 'anomaly';
    summary.error = `${c.anomaly}; nothing expired until a later crawl confirms it`;
    next = { postings: c.read.postings.length, at, reason: c.anomaly };
  } else if (c.confirmed) {
    summary.error = `confirmed by a second crawl: ${c.anomaly}`;
  }
  e.store.save(summary, next);
  // Only a trusted read whose every posting was read whole stands for its answer next time.
  if (summary.state === 'ok' && !c.detailsFailed && c.answer.hash)
    e.store.saveAnswer(board, {
      hash: c.answer.hash,
      ...(c.answer.validators ? { validators: c.answer.validators } : {}),
      postings: summary.postings,
      skipped: summary.skipped,
    });
  else e.store.dropAnswer(board);
}

/**
 * The same posting already in the index under another id (an upstream's copy, found by platform
 * and posting page) becomes this board's job: its holders move to the board's id and its row
 * goes, so the posting is one job (docs/decisions/provenance.md).
 */
function adoptTwin(e: Engine, id: string, platform: string, postingUrl: string | undefined, source: string): void {
  const twin = e.sources.twin(id, platform, postingUrl);
  if (!twin || e.sources.board(twin)) return;
  for (const h of e.sources.holders(twin)) {
    if (h.source === source) continue;
    if (h.open) e.sources.open(id, h.source, h.at);
    else e.sources.closed(id, h.source, h.at);
  }
  e.writer.deleteJob(twin);
}

/** Saved jobs of the crawled boards: their snapshot follows the board (as with sync). */
async function recheckSaved(e: Engine, port: NonNullable<CrawlOptions['savedJobs']>, at: number): Promise<void> {
  const details = new JobDetails(e.db);
  const checkedAt = new Date(at);
  for (const raw of port.savedJobIds()) {
    const id = raw.toLowerCase();
    if (!e.touched.has(id)) continue;
    const rec = details.get(id);
    if (!rec) continue;
    const detail = create(GetResponseSchema, jobDetail(rec, e.sanitize));
    const closedBy = detail.status === 'active' ? undefined : e.sources.closer(id);
    await port.recordCheck(id, { kind: 'detail', detail, ...(closedBy ? { closedBy } : {}) }, checkedAt);
  }
}
