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

/**
 * How many postings a board lists now: a number when the platform answered a readable list,
 * undefined for anything else (404, an error, a timeout, a body of another shape). Ashby answers
 * 200 with an empty list for a board that does not exist, so 0 postings is "not this board" too.
 */
export async function probeBoard(ref: BoardRef, opts: ProbeOptions = {}): Promise<number | undefined> {
  const adapter = ADAPTERS[ref.platform];
  const spec = LIST[ref.platform];
  const override = opts.apiBase?.[ref.platform];
  if (!adapter && !spec) return undefined;
  const base = adapter
    ? baseOf(adapter, ref, override)
    : (override ?? spec!.host(encodeURIComponent(ref.token))).replace(/\/+$/, '');
  const url = base + (adapter ? adapter.listPath(ref) : spec!.path(encodeURIComponent(ref.token)));
  const count = (body: unknown) => (adapter ? adapter.read(body, ref).postings.length : spec!.count(body));
  // A listing read by POST (Workday) is probed the same way.
  const post = adapter?.listBody ? { method: 'POST', body: JSON.stringify(adapter.listBody(ref, 0)) } : {};
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? 8_000);
  // The crawl's redirect rule: only the platform's own hosts and the one apiBase names (redirect-rule.ts).
  const redirects = hostRedirectRule(
    ref.platform,
    adapter ? adapter.apiBase(ref) : spec!.host(encodeURIComponent(ref.token)),
    override,
  );
  try {
    let res: Response;
    for (let hops = 0, current = url; ; hops++) {
      res = await (opts.fetch ?? fetch)(current, {
        ...post,
        headers: {
          accept: 'application/json',
          'user-agent': 'JobIndexDesktop (+follow a board)',
          ...(adapter?.listBody ? { 'content-type': 'application/json' } : {}),
        },
        redirect: 'manual',
        signal: opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout,
      });
      const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
      if (location === null) break;
      await res.body?.cancel();
      const target = new URL(location, current);
      // A refused or endless redirect: "not this board", as any other answer that is not a list.
      if (redirects(target) !== undefined || hops >= MAX_REDIRECTS) return undefined;
      current = target.href;
    }
    if (!res.ok) {
      await res.body?.cancel();
      return undefined;
    }
    const bytes = await readCapped(res, opts.maxBodyBytes ?? DEFAULT_MAX_ANSWER_MB * MB);
    return count(JSON.parse(new TextDecoder().decode(bytes)));
  } catch {
    if (opts.signal?.aborted) throw opts.signal.reason;
    return undefined;
  }
}
