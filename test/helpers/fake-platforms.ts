import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Platform } from '#shared/rules/board-ref';
import { root } from './built-dist.js';

// A local stand-in for every platform the crawler reads, answering ANY board at the platform's
// real paths with our own fixture in that platform's shape (test/service/crawl/fixtures), the
// fixture's company and URLs renamed after the board. For sets of hundreds or thousands of boards
// (the directory tests, the 200-board Playwright run, bench:directory-crawl) without registering
// each. Boards can be made gone (404), and answers slowed, to stop a crawl midway.

const FIXTURES = join(root, 'test/service/crawl/fixtures');
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

const LISTS: Array<[RegExp, Platform]> = [
  [/^\/v1\/boards\/([^/]+)\/jobs$/, 'greenhouse'],
  [/^\/v0\/postings\/([^/]+)$/, 'lever'],
  [/^\/posting-api\/job-board\/([^/]+)$/, 'ashby'],
  [/^\/v1\/companies\/([^/]+)\/postings$/, 'smartrecruiters'],
  [/^\/api\/v1\/widget\/accounts\/([^/]+)$/, 'workable'],
  [/^\/([^/]+)\/api\/offers\/?$/, 'recruitee'],
  [/^\/wday\/cxs\/([^/]+\/[^/]+)\/jobs$/, 'workday'],
  [/^\/([^/]+)\/jobs\.json$/, 'teamtailor'],
];

export interface FakePlatforms {
  url: string;
  /** apiBase for crawlBoards / `--crawl-api-base`: every platform at this server. */
  apiBase(): Record<Platform, string>;
  /** List requests per board (`platform:token`, token lower-cased; Workday `tenant/site`). */
  asked: Map<string, number>;
  /** Boards that answer 404, by the same key. */
  gone: Set<string>;
  /** Boards that answer an empty list, by the same key. */
  empty: Set<string>;
  /** Each list answer waits this long (ms). */
  delayMs: number;
  close(): Promise<void>;
}

export async function startFakePlatforms(o: { delayMs?: number } = {}): Promise<FakePlatforms> {
  const bodies: Record<string, string> = {};
  for (const p of ['greenhouse', 'lever', 'ashby', 'smartrecruiters', 'workable', 'recruitee', 'teamtailor'])
    bodies[p] = fixture(`${p}-acme.json`);
  const srDetails = JSON.parse(fixture('smartrecruiters-acme-details.json')) as Record<string, unknown>;
  const workday = JSON.parse(fixture('workday-acme.json')) as { list: unknown; details: Record<string, unknown> };
  const empty: Record<string, string> = {
    greenhouse: '{"jobs":[],"meta":{"total":0}}',
    lever: '[]',
    ashby: '{"apiVersion":"1","jobs":[]}',
    smartrecruiters: '{"offset":0,"limit":100,"totalFound":0,"content":[]}',
    workable: '{"name":"","jobs":[]}',
    recruitee: '{"offers":[]}',
    workday: '{"total":0,"jobPostings":[]}',
    teamtailor: '{"version":"https://jsonfeed.org/version/1.1","title":"","items":[]}',
  };
  const fake: Omit<FakePlatforms, 'url' | 'apiBase' | 'close'> = {
    asked: new Map(),
    gone: new Set(),
    empty: new Set(),
    delayMs: o.delayMs ?? 0,
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const send = (status: number, body: string) =>
        void res.writeHead(status, { 'content-type': 'application/json' }).end(body);
      const sr = /^\/v1\/companies\/([^/]+)\/postings\/([^/]+)$/.exec(path);
      if (sr) {
        const d = srDetails[sr[2]!];
        return d ? send(200, renamed(JSON.stringify(d), sr[1]!)) : send(404, '{"message":"not found"}');
      }
      const wd = /^\/wday\/cxs\/([^/]+)\/[^/]+(\/job\/.*)$/.exec(path);
      if (wd && req.method === 'GET') {
        const d = workday.details[wd[2]!];
        return d ? send(200, JSON.stringify(d)) : send(404, '{"errorCode":"HTTP_404"}');
      }
      const route = LISTS.map(([re, p]) => [re.exec(path), p] as const).find(([m]) => m);
      if (!route) return send(404, '{"error":"no such path"}');
      const platform = route[1];
      const token = route[0]![1]!.toLowerCase();
      const key = `${platform}:${token}`;
      fake.asked.set(key, (fake.asked.get(key) ?? 0) + 1);
      if (req.method === 'POST') await drain(req);
      if (fake.delayMs > 0) await new Promise((r) => setTimeout(r, fake.delayMs));
      if (res.destroyed) return;
      if (fake.gone.has(key)) return send(404, '{"status":404,"error":"Job not found"}');
      if (fake.empty.has(key)) return send(200, empty[platform]!);
      if (platform === 'workday') return send(200, JSON.stringify(workday.list));
      send(200, renamed(bodies[platform]!, token));
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    url,
    apiBase: () =>
      Object.fromEntries(
        ['greenhouse', 'lever', 'ashby', 'smartrecruiters', 'workable', 'recruitee', 'workday', 'teamtailor'].map(
          (p) => [p, url],
        ),
      ) as Record<Platform, string>,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  });
}

/** The fixture's company and URLs named after the board (tokens are URL-safe: no JSON escapes). */
function renamed(body: string, token: string): string {
  return body.replace(/acme/gi, token.replace(/[^a-z0-9._-]/gi, ''));
}

async function drain(req: IncomingMessage): Promise<void> {
  for await (const chunk of req) void chunk;
}
