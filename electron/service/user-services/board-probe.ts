import type { BoardRef, Platform } from '#shared/rules/board-ref';
import { ADAPTERS } from '../crawl/platforms/index.js';
import { baseOf } from '../crawl/platforms/platform.js';
import { hostRedirectRule, MAX_REDIRECTS } from '../crawl/redirect-rule.js';
import { DEFAULT_MAX_ANSWER_MB, MB, readCapped } from '../net/capped-body.js';

// Where each platform lists a board's postings, for platforms the crawl has no adapter for yet
// (with an adapter, the probe reads the crawl's own URL and shape); `apiBase` replaces scheme and
// host, as `--api-base` does for the crawl.
const LIST: Partial<
  Record<
    Platform,
    { host: (token: string) => string; path: (token: string) => string; count: (body: unknown) => number | undefined }
  >
> = {
  greenhouse: {
    host: () => 'https://boards-api.greenhouse.io',
    path: (t) => `/v1/boards/${t}/jobs`,
    count: (b) => arrayIn(b, 'jobs'),
  },
  lever: {
    host: () => 'https://api.lever.co',
    path: (t) => `/v0/postings/${t}?mode=json`,
    count: (b) => (Array.isArray(b) ? b.length : undefined),
  },
  ashby: {
    host: () => 'https://api.ashbyhq.com',
    path: (t) => `/posting-api/job-board/${t}`,
    count: (b) => arrayIn(b, 'jobs'),
  },
  smartrecruiters: {
    host: () => 'https://api.smartrecruiters.com',
    path: (t) => `/v1/companies/${t}/postings`,
    count: (b) => (isObject(b) && typeof b.totalFound === 'number' ? b.totalFound : arrayIn(b, 'content')),
  },
  workable: {
    host: () => 'https://apply.workable.com',
    path: (t) => `/api/v1/widget/accounts/${t}`,
    count: (b) => arrayIn(b, 'jobs'),
  },
  recruitee: {
    host: (t) => `https://${t}.recruitee.com`,
    path: () => '/api/offers/',
    count: (b) => arrayIn(b, 'offers'),
  },
};

function isObject(b: unknown): b is Record<string, unknown> {
  return typeof b === 'object' && b !== null && !Array.isArray(b);
}

function arrayIn(b: unknown, key: string): number | undefined {
  return isObject(b) && Array.isArray(b[key]) ? b[key].length : undefined;
}

export interface ProbeOptions {
  apiBase?: Partial<Record<Platform, string>>;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** Per request (default 8 s): a platform that does not answer is left out, not waited on. */
  timeoutMs?: number;
  /** One answer, decompressed, at most this many bytes (default: the crawl's limit); a larger one is "not this board". */
  maxBodyBytes?: number;
}

/** What a platform answered for a board (docs/decisions/provenance.md, "One board, one follow"). */
export type BoardAnswer =
  /** A readable list: the board exists (0 postings on a platform where an empty board is a board). */
  | { kind: 'postings'; count: number; url: string }
  /** The platform says there is no such board: 404/410/400/422, or the empty answer it gives for any unknown name. */
  | { kind: 'missing'; url: string; why: string }
  /** No verdict: a network error, a timeout, a 5xx or 429, another refusal, an answer of another shape. */
  | { kind: 'unreachable'; url: string; why: string };

// Ashby and SmartRecruiters answer 200 with an empty list (`totalFound: 0`) for a name they do not
// know: there, an empty answer is "no such board". Elsewhere a board with no openings is a board.
const EMPTY_IS_MISSING: ReadonlySet<Platform> = new Set(['ashby', 'smartrecruiters']);
const MISSING_STATUS = new Set([400, 404, 410, 422]);

/** Asks the platform for the board's list once and says what the answer means. */
export async function boardAnswer(ref: BoardRef, opts: ProbeOptions = {}): Promise<BoardAnswer> {
  const adapter = ADAPTERS[ref.platform];
  const spec = LIST[ref.platform];
  const override = opts.apiBase?.[ref.platform];
  if (!adapter && !spec) return { kind: 'unreachable', url: '', why: `no way to read ${ref.platform} boards` };
  const base = adapter
    ? baseOf(adapter, ref, override)
    : (override ?? spec!.host(encodeURIComponent(ref.token))).replace(/\/+$/, '');
  const url = base + (adapter ? adapter.listPath(ref) : spec!.path(encodeURIComponent(ref.token)));
  const count = (body: unknown) => (adapter ? adapter.read(body, ref).postings.length : spec!.count(body));
  // A listing read by POST (Workday) is probed the same way.
  const post = adapter?.listBody ? { method: 'POST', body: JSON.stringify(adapter.listBody(ref, 0)) } : {};
  const timeoutMs = opts.timeoutMs ?? 8_000;
  const timeout = AbortSignal.timeout(timeoutMs);
  // The crawl's redirect rule: only the platform's own hosts and the one apiBase names (redirect-rule.ts).
  const redirects = hostRedirectRule(
    ref.platform,
    adapter ? adapter.apiBase(ref) : spec!.host(encodeURIComponent(ref.token)),
    override,
  );
  const ask = (target: string) =>
    (opts.fetch ?? fetch)(target, {
      ...post,
      headers: {
        accept: 'application/json',
        'user-agent': 'JobIndexDesktop (+follow a board)',
        ...(adapter?.listBody ? { 'content-type': 'application/json' } : {}),
      },
      redirect: 'manual',
      signal: opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout,
    });
  let res: Response;
  try {
    for (let hops = 0, current = url; ; hops++) {
      // Once more after a connection error: a kept-alive socket the host had just closed is no verdict.
      res = await ask(current).catch((e: unknown) => {
        if (opts.signal?.aborted || timeout.aborted) throw e;
        return ask(current);
      });
      const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
      if (location === null) break;
      await res.body?.cancel().catch(() => undefined);
      const target = new URL(location, current);
      // A refused or endless redirect is no verdict on the board: it is not followed, and not read.
      const refused = redirects(target);
      if (refused !== undefined) return { kind: 'unreachable', url, why: `a redirect it does not follow (${refused})` };
      if (hops >= MAX_REDIRECTS) return { kind: 'unreachable', url, why: `more than ${MAX_REDIRECTS} redirects` };
      current = target.href;
    }
  } catch (e) {
    if (opts.signal?.aborted) throw opts.signal.reason;
    const why = timeout.aborted ? `no answer within ${timeoutMs / 1000} s` : `could not connect (${causeOf(e)})`;
    return { kind: 'unreachable', url, why };
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    const status = `${res.status}${res.statusText ? ` ${res.statusText}` : ''}`;
    return MISSING_STATUS.has(res.status)
      ? { kind: 'missing', url, why: `answered ${status}` }
      : { kind: 'unreachable', url, why: `answered ${status}` };
  }
  let n: number | undefined;
  try {
    const bytes = await readCapped(res, opts.maxBodyBytes ?? DEFAULT_MAX_ANSWER_MB * MB);
    const text = new TextDecoder().decode(bytes);
    // A feed the crawl reads as text (Personio's, JazzHR's XML) is counted from its text.
    n = count(adapter?.format === 'xml' ? text : JSON.parse(text));
  } catch (e) {
    if (opts.signal?.aborted) throw opts.signal.reason;
    if (timeout.aborted) return { kind: 'unreachable', url, why: `no answer within ${timeoutMs / 1000} s` };
    return { kind: 'unreachable', url, why: `an answer it could not read (${causeOf(e)})` };
  }
  if (n === undefined) return { kind: 'unreachable', url, why: 'an answer of another shape' };
  if (n === 0 && EMPTY_IS_MISSING.has(ref.platform))
    return { kind: 'missing', url, why: 'answered an empty list, as it does for a name it does not know' };
  return { kind: 'postings', count: n, url };
}

function causeOf(e: unknown): string {
  const cause = e instanceof Error && e.cause instanceof Error ? e.cause : e;
  const code = (cause as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return cause instanceof Error ? cause.message : String(cause);
}

/**
 * How many postings a board lists now: a number when the platform answered a readable list,
 * undefined for anything else (404, an error, a timeout, a body of another shape). Ashby answers
 * 200 with an empty list for a board that does not exist, so 0 postings is "not this board" too.
 */
export async function probeBoard(ref: BoardRef, opts: ProbeOptions = {}): Promise<number | undefined> {
  const a = await boardAnswer(ref, opts);
  return a.kind === 'postings' ? a.count : undefined;
}
