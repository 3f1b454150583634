import { JSONParser } from '@streamparser/json';
import type { BoardRef } from '#shared/rules/board-ref';
import { heapRelief } from '../net/heap-relief.js';
import { BoardReadError } from './http-client.js';
import {
  isRecord,
  MalformedBoard,
  type BoardRead,
  type PlatformAdapter,
  type RawPosting,
} from './platforms/platform.js';

/**
 * A one-page JSON answer this large or larger is parsed as a stream (docs/decisions/crawl-at-scale.md
 * § A big board's answer): its text and its parse tree never exist whole, only its postings do.
 * Below it JSON.parse is used: it is much faster on the many small strings of a real board, and
 * real boards answer a few hundred KB.
 */
export const STREAM_FROM_BYTES = 8 << 20;

/** Postings parsed and read at once: a batch's tree is a few MB at most. */
const BATCH = 500;
/** Bytes decoded and fed to the parser at once. */
const CHUNK = 1 << 20;

/** One pass: the postings read batch by batch, and the answer's rest (its list left empty). */
interface Pass {
  postings: RawPosting[];
  /** The first batch as parsed, and its postings as read, before `bound` (see `readStreamed`). */
  firstBatch?: unknown[];
  firstRead?: string;
  companyName?: string;
  rest: unknown;
  /** Postings `bound` cut. */
  cut: number;
}

/** How a stream is read: postings per batch, and what bounds each batch's postings as soon as read. */
export interface StreamOptions {
  batch?: number;
  /** Bounds the postings in place (their descriptions), returning how many it cut. */
  bound?: (postings: RawPosting[]) => number;
}

/**
 * Reads a large one-page JSON answer (`adapter.list` names where its postings are) a batch of
 * postings at a time: each batch is handed to `adapter.read` as the answer would be with only
 * those postings, and the answer's other fields as read so far. Fields after the list (Greenhouse's
 * `meta`) are read from the answer's rest at the end; if they would change what the first batch
 * reads, the bytes are read once more with them known, so the result is what JSON.parse gives.
 * A truncated or malformed answer throws the same BoardReadError as JSON.parse's path.
 */
export function readStreamed(
  bytes: Uint8Array,
  adapter: PlatformAdapter,
  board: BoardRef,
  opts: StreamOptions = {},
): BoardRead {
  const first = pass(bytes, adapter, board, opts);
  let read = first;
  if (
    first.firstBatch &&
    first.firstRead !== postingsOf(adapter.read(at(adapter, first.rest, first.firstBatch), board))
  )
    read = pass(bytes, adapter, board, opts, first.rest);
  const end = adapter.read(at(adapter, read.rest, []), board);
  const companyName = end.companyName ?? read.companyName;
  return {
    postings: read.postings,
    ...(end.statedTotal !== undefined ? { statedTotal: end.statedTotal } : {}),
    ...(companyName ? { companyName } : {}),
    ...(read.cut > 0 ? { descriptionsCut: read.cut } : {}),
  };
}

/**
 * The answer `rest` with `batch` as its list; an answer without the list (not the platform's
 * shape) is given as it came, for the adapter to say so.
 */
function at(adapter: PlatformAdapter, rest: unknown, batch: unknown[]): unknown {
  if (adapter.list === '$') return Array.isArray(rest) ? batch : rest;
  if (!isRecord(rest) || !Array.isArray(rest[adapter.list!])) return rest;
  return { ...rest, [adapter.list!]: batch };
}

const postingsOf = (read: BoardRead) => JSON.stringify(read.postings);

function pass(
  bytes: Uint8Array,
  adapter: PlatformAdapter,
  board: BoardRef,
  opts: StreamOptions,
  known?: unknown,
): Pass {
  const batchSize = opts.batch ?? BATCH;
  const list = adapter.list;
  if (!list) throw new Error(`${adapter.platform}: no list to stream`);
  // The root is kept (its fields are few); the list's elements are taken out of it as they come.
  const parser = new JSONParser({ paths: ['$', list === '$' ? '$.*' : `$.${list}.*`] });
  const out: Pass = { postings: [], rest: [], cut: 0 };
  let batch: unknown[] = [];
  let root: unknown;
  let ended = false;
  // An adapter's error is its own; any other the parser throws says the JSON is not whole.
  let readFailure: unknown;
  const flush = () => {
    if (batch.length === 0) return;
    const body = at(adapter, known === undefined ? root : known, batch);
    let read: BoardRead;
    try {
      read = adapter.read(body, board);
    } catch (e) {
      readFailure =
        e instanceof MalformedBoard
          ? new MalformedBoard(`${e.message} (counting from posting ${out.postings.length + 1} read)`)
          : e;
      throw readFailure;
    }
    if (!out.firstBatch) {
      out.firstBatch = batch;
      out.firstRead = postingsOf(read);
      if (read.companyName) out.companyName = read.companyName;
    }
    // Bounded now: a decoded description is made of many pieces until flattened, several times
    // its size (a 20,000-posting board's read whole held ~170 MB more than once bounded).
    if (opts.bound) out.cut += opts.bound(read.postings);
    for (const p of read.postings) out.postings.push(p);
    batch = [];
  };
  parser.onValue = ({ value, parent, stack }) => {
    if (stack.length === 0) {
      out.rest = value;
      ended = true;
      return;
    }
    // Only the list's elements (an array's; the root is an object unless the list is the root).
    if (!Array.isArray(parent)) return;
    root = list === '$' ? parent : stack[1]?.value;
    // Out of the tree at once: the list stays empty, and the batch alone holds its elements.
    parent.length -= 1;
    batch.push(value);
    if (batch.length >= batchSize) flush();
  };
  const decoder = new TextDecoder();
  try {
    for (let from = 0; from < bytes.byteLength; from += CHUNK) {
      const text = decoder.decode(bytes.subarray(from, from + CHUNK), { stream: true });
      if (text) parser.write(text);
      // The chunk, the parser's pieces of it and its batch's tree are garbage now: collected as
      // the parse goes, the heap holds the postings read, not every piece made on the way.
      heapRelief.letGo(3 * text.length);
    }
    const tail = decoder.decode();
    if (tail) parser.write(tail);
    if (!parser.isEnded) parser.end();
  } catch (e) {
    if (e === readFailure) throw e;
    throw new BoardReadError(`malformed JSON (${bytes.byteLength} bytes; truncated or not JSON)`);
  }
  if (!ended) throw new BoardReadError(`malformed JSON (${bytes.byteLength} bytes; truncated or not JSON)`);
  flush();
  return out;
}
