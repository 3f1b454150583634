import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Platform } from '#shared/rules/board-ref';

/** What a board answers instead of its payload, for the anomaly tests. */
export interface Fault {
  status?: number;
  retryAfter?: string;
  /** Cut the body in half (a dropped connection the server still answered 200 for). */
  truncate?: boolean;
  /** Answer the platform's empty board. */
  empty?: boolean;
  /** Wait this long before answering (timeouts). */
  delayMs?: number;
  /** How many requests the fault lasts (default: all). */
  times?: number;
}

const EMPTY: Record<string, string> = {
  greenhouse: '{"jobs":[],"meta":{"total":0}}',
  lever: '[]',
  ashby: '{"apiVersion":"1","jobs":[]}',
  smartrecruiters: '{"offset":0,"limit":100,"totalFound":0,"content":[]}',
  workable: '{"name":"","jobs":[]}',
  recruitee: '{"offers":[]}',
  workday: '{"total":0,"jobPostings":[]}',
  teamtailor: '{"version":"https://jsonfeed.org/version/1.1","title":"","items":[]}',
  bamboohr: '{"meta":{"totalCount":0},"result":[]}',
  personio: '<?xml version="1.0" encoding="UTF-8"?>\n<workzag-jobs>\n</workzag-jobs>',
  breezy: '[]',
  jazzhr: '<?xml version="1.0" encoding="utf-8"?>\n<jobs><publisher>JazzHR</publisher></jobs>',
};

/** The platforms' real listing paths → platform and board token. */
const ROUTES: Array<[RegExp, Platform]> = [
  [/^\/v1\/boards\/([^/]+)\/jobs$/, 'greenhouse'],
  [/^\/v0\/postings\/([^/]+)$/, 'lever'],
  [/^\/posting-api\/job-board\/([^/]+)$/, 'ashby'],
  [/^\/v1\/companies\/([^/]+)\/postings$/, 'smartrecruiters'],
  [/^\/api\/v1\/widget\/accounts\/([^/]+)$/, 'workable'],
  // Recruitee's host names the board; an overridden base names it first in the path (crawl.md).
  [/^\/([^/]+)\/api\/offers\/?$/, 'recruitee'],
  // Workday: POST /wday/cxs/{tenant}/{site}/jobs; the board is keyed `tenant/site` (the shard is the host).
  [/^\/wday\/cxs\/([^/]+\/[^/]+)\/jobs$/, 'workday'],
  // Teamtailor's host names the board too: `/{token}/jobs.json` under an overridden base.
  [/^\/([^/]+)\/jobs\.json$/, 'teamtailor'],
  // BambooHR's host names the board: `/{token}/careers/list` under an overridden base.
  [/^\/([^/]+)\/careers\/list$/, 'bamboohr'],
  [/^\/([^/]+)\/xml$/, 'personio'],
  // Breezy's host names the board: `/{token}/json?verbose=true` under an overridden base.
  [/^\/([^/]+)\/json$/, 'breezy'],
  // JazzHR's feed sits on JazzHR's own host; its path names the board.
  [/^\/feeds\/export\/jobs\/([^/]+)$/, 'jazzhr'],
];

/** A Workday token `tenant.wdN/site` → the key its API path gives (`tenant/site`). */
const workdayKey = (token: string) => token.toLowerCase().replace(/^([^./]+)\.[^/]*\//, '$1/');

/**
 * A local stand-in for the ATS platforms: serves board payloads at the platforms' real paths on
 * 127.0.0.1 (one server for every platform; point each at it with apiBase) and injects faults.
 * An unknown board answers as the platform does: 404, except Ashby's 200 with an empty list.
 */
export class ReplayServer {
  private readonly boards = new Map<string, string>();
  private readonly faults = new Map<string, Fault>();
  private readonly details = new Map<string, string>();
  private readonly workdayPages = new Map<string, string[]>();
  readonly requests: Array<{
    path: string;
    userAgent: string | undefined;
    method: string;
    body?: string;
    ifNoneMatch?: string;
    status?: number;
  }> = [];
  /** Listings carry an ETag (a hash of the body) and answer 304 to an If-None-Match that names it. */
  etags = false;
  private inFlight = 0;
  /** The most requests this server answered at once. */
  maxInFlight = 0;
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<ReplayServer> {
    const server = createServer((req, res) => void self.answer(req, res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const self = new ReplayServer(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return self;
  }

  /** apiBase for crawlBoards / `--api-base`: every platform at this server. */
  apiBase(): Record<Platform, string> {
    return {
      greenhouse: this.url,
      lever: this.url,
      ashby: this.url,
      smartrecruiters: this.url,
      workable: this.url,
      recruitee: this.url,
      workday: this.url,
      teamtailor: this.url,
      bamboohr: this.url,
      personio: this.url,
      breezy: this.url,
      jazzhr: this.url,
    };
  }

  setBoard(platform: Platform, token: string, body: string | unknown): void {
    this.boards.set(
      `${platform}:${platform === 'workday' ? workdayKey(token) : token.toLowerCase()}`,
      typeof body === 'string' ? body : JSON.stringify(body),
    );
  }

  /** A SmartRecruiters posting's detail (`/v1/companies/{id}/postings/{postingId}`). */
  setDetail(token: string, postingId: string, body: unknown): void {
    this.details.set(`${token.toLowerCase()}/${postingId}`, JSON.stringify(body));
  }

  /** A Workday board answered page by page as recorded (page i for offset i × 20), empty after the last. */
  setWorkdayPages(token: string, pages: string[]): void {
    this.workdayPages.set(`workday:${workdayKey(token)}`, pages);
  }

  /** A Workday posting's detail (`GET /wday/cxs/{tenant}/{site}{externalPath}`). */
  setWorkdayDetail(token: string, externalPath: string, body: unknown): void {
    const [tenant, site] = workdayKey(token).split('/');
    this.details.set(`/wday/cxs/${tenant}/${site}${externalPath}`.toLowerCase(), JSON.stringify(body));
  }

  /** A BambooHR posting's detail (`/{token}/careers/{id}/detail` under the overridden base). */
  setBambooDetail(token: string, id: string, body: unknown): void {
    this.details.set(`/${token.toLowerCase()}/careers/${id}/detail`, JSON.stringify(body));
  }

  fault(platform: Platform, token: string, fault: Fault | undefined): void {
    const key = `${platform}:${platform === 'workday' ? workdayKey(token) : token.toLowerCase()}`;
    if (fault) this.faults.set(key, { ...fault });
    else this.faults.delete(key);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.maxInFlight = Math.max(this.maxInFlight, ++this.inFlight);
    res.once('close', () => this.inFlight--);
    const url = new URL(req.url ?? '/', 'http://x');
    const entry: ReplayServer['requests'][number] = {
      path: url.pathname + url.search,
      userAgent: req.headers['user-agent'],
      method: req.method ?? 'GET',
      ...(req.headers['if-none-match'] ? { ifNoneMatch: req.headers['if-none-match'] } : {}),
    };
    this.requests.push(entry);
    const detail = /^\/v1\/companies\/([^/]+)\/postings\/([^/]+)$/.exec(url.pathname);
    if (detail) {
      const body = this.details.get(
        `${decodeURIComponent(detail[1]!).toLowerCase()}/${decodeURIComponent(detail[2]!)}`,
      );
      if (body === undefined)
        return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    }
    if (/^\/[^/]+\/careers\/\d+\/detail$/.test(url.pathname)) {
      const body = this.details.get(url.pathname.toLowerCase());
      if (body === undefined)
        return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    }
    const wdDetail = /^\/wday\/cxs\/[^/]+\/[^/]+\/job\//.test(url.pathname) && req.method === 'GET';
    if (wdDetail) {
      const body = this.details.get(decodeURIComponent(url.pathname).toLowerCase());
      if (body === undefined)
        return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"errorCode":"HTTP_404"}');
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    }
    const route = ROUTES.map(([re, p]) => [re.exec(url.pathname), p] as const).find(([m]) => m);
    if (!route) return void res.writeHead(404).end('{"error":"no such path"}');
    const [m, platform] = route;
    const key = `${platform}:${decodeURIComponent(m![1]!).toLowerCase()}`;
    const fault = this.faults.get(key);
    if (fault) {
      if (fault.times !== undefined && --fault.times <= 0) this.faults.delete(key);
      if (fault.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
      if (res.destroyed) return;
      if (fault.status) {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (fault.retryAfter) headers['retry-after'] = fault.retryAfter;
        return void res.writeHead(fault.status, headers).end(`{"status":${fault.status}}`);
      }
      if (fault.empty) return void res.writeHead(200, { 'content-type': 'application/json' }).end(EMPTY[platform]);
    }
    const recorded = this.workdayPages.get(key);
    if (recorded && req.method === 'POST') {
      entry.body = await bodyOf(req);
      const q = JSON.parse(entry.body) as { offset?: number; limit?: number };
      const page = recorded[Math.floor((q.offset ?? 0) / (q.limit ?? 20))] ?? EMPTY.workday;
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(page);
    }
    const body = this.boards.get(key);
    if (body === undefined) {
      if (platform === 'ashby') return void res.writeHead(200, { 'content-type': 'application/json' }).end(EMPTY.ashby);
      return void res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"status":404,"error":"Job not found"}');
    }
    let out = fault?.truncate ? body.slice(0, Math.floor(body.length / 2)) : body;
    if (platform === 'smartrecruiters' && !fault?.truncate) out = srPage(out, url.searchParams);
    if (platform === 'workday' && !fault?.truncate) {
      if (req.method !== 'POST')
        return void res.writeHead(405, { 'content-type': 'application/json' }).end('{"errorCode":"HTTP_405"}');
      entry.body = await bodyOf(req);
      out = workdayPage(out, entry.body);
    }
    if (this.etags) {
      const etag = `"${createHash('sha1').update(out).digest('hex')}"`;
      if (req.headers['if-none-match'] === etag) {
        entry.status = 304;
        return void res.writeHead(304, { etag }).end();
      }
      entry.status = 200;
      return void res.writeHead(200, { 'content-type': 'application/json', etag }).end(out);
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(out);
  }
}

/** SmartRecruiters pages: the stored answer holds the postings from its own offset on. */
function srPage(body: string, q: URLSearchParams): string {
  const all = JSON.parse(body) as { offset?: number; limit?: number; totalFound?: number; content?: unknown[] };
  const from = Number(q.get('offset') ?? 0) - (all.offset ?? 0);
  const limit = Number(q.get('limit') ?? 100);
  const content = from < 0 ? [] : (all.content ?? []).slice(from, from + limit);
  return JSON.stringify({ ...all, offset: Number(q.get('offset') ?? 0), limit, content });
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Workday pages as Workday does: the stored answer holds every posting; a page is `limit` of them
 * from `offset` (asked in the POST body), and `total` is stated on the first page only (0 after).
 */
function workdayPage(body: string, request: string): string {
  const all = JSON.parse(body) as { total?: number; jobPostings?: unknown[] };
  let q: { offset?: unknown; limit?: unknown } = {};
  try {
    q = JSON.parse(request) as typeof q;
  } catch {
    // An unreadable body asks for the first page, as Workday answers it.
  }
  const offset = typeof q.offset === 'number' ? q.offset : 0;
  const limit = typeof q.limit === 'number' ? q.limit : 20;
  const jobPostings = (all.jobPostings ?? []).slice(offset, offset + limit);
  return JSON.stringify({ ...all, total: offset === 0 ? all.total : 0, jobPostings });
}
