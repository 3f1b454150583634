// The client of `npm run bench:shed`, run as its own process so the server's thread is not the
// client's: `node dist/bench/burst-client.js URL CONNECTIONS SECONDS`. Each connection is one
// keep-alive socket sending varied JobsService.List queries one after another (a closed loop, as
// people pressing search do); after a 503 it waits the `Retry-After` seconds before its next one.
// Every request is timed from the moment it is handed to the socket (connecting included) to its
// last byte, or to the 10 s timeout; prints one JSON line (BurstResult). A fourth argument N asks
// only N different queries (popular searches).
import http from 'node:http';
import { percentile } from './bench-index.js';

export interface BurstResult {
  /** Requests answered 200, answered 503, and given up after TIMEOUT_MS (or failed). */
  ok: number;
  shed: number;
  timeouts: number;
  /** Over every request (answered or not), ms from send to last byte. */
  p50: number;
  p99: number;
  max: number;
  /** Requests that took longer than 2 s. */
  over2s: number;
}

const TIMEOUT_MS = 10_000;
const LIST = '/svc.jobs.v1.JobsService/List';

// Varied queries, as people type them: words, two-word phrases, filters and every sort.
const WORDS = [
  'engineer',
  'nurse',
  'sales',
  'manager',
  'data',
  'designer',
  'analyst',
  'teacher',
  'driver',
  'developer',
  'marketing',
  'finance',
  'support',
  'product',
  'senior',
  'remote',
  'python',
  'java',
  'accountant',
  'operations',
];
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'CA', 'IN', 'AU', 'NL'];
const SORTS = ['relevance', 'newest', 'recently_verified', 'salary_desc', 'company'];
export function variedBody(n: number): string {
  const w = WORDS[n % WORDS.length]!;
  const query = n % 3 === 0 ? `${w} ${WORDS[(n * 7 + 3) % WORDS.length]}` : w;
  const filters: Record<string, unknown> = { sort: SORTS[n % SORTS.length] };
  if (n % 2) filters.country = COUNTRIES[n % COUNTRIES.length];
  if (n % 5 === 0) filters.remote = true;
  return JSON.stringify({ query: { query, filters, limit: n % 4 === 0 ? 100 : 25 } });
}

type Outcome = { ms: number; status: number | 'timeout'; retryAfterS: number };

function send(url: URL, agent: http.Agent, body: string, id: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const sent = performance.now();
    const headers = {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'x-request-id': id,
    };
    const req = http.request(
      { host: url.hostname, port: url.port, path: LIST, method: 'POST', agent, headers, timeout: TIMEOUT_MS },
      (res) => {
        res.resume();
        res.once('end', () =>
          resolve({
            ms: performance.now() - sent,
            status: res.statusCode ?? 0,
            retryAfterS: Number(res.headers['retry-after'] ?? 1),
          }),
        );
      },
    );
    req.once('timeout', () => req.destroy(new Error('timeout')));
    req.once('error', () => resolve({ ms: performance.now() - sent, status: 'timeout', retryAfterS: 0 }));
    req.end(body);
  });
}

/** `distinct`: only that many different queries, asked over and over (popular searches, for the answer cache). */
async function burst(url: URL, connections: number, seconds: number, distinct = 0): Promise<BurstResult> {
  const end = performance.now() + seconds * 1000;
  const outcomes: Outcome[] = [];
  let seq = 0;
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (performance.now() < end) {
        const n = seq++;
        const o = await send(url, agent, variedBody(distinct ? n % distinct : n), `${c}-${n}`);
        outcomes.push(o);
        if (o.status === 503) await new Promise((r) => setTimeout(r, o.retryAfterS * 1000));
      }
      agent.destroy();
    }),
  );
  const ms = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  return {
    ok: outcomes.filter((o) => o.status === 200).length,
    shed: outcomes.filter((o) => o.status === 503).length,
    timeouts: outcomes.filter((o) => o.status === 'timeout').length,
    p50: Math.round(percentile(ms, 50)),
    p99: Math.round(percentile(ms, 99)),
    max: Math.round(ms.at(-1) ?? 0),
    over2s: ms.filter((x) => x > 2000).length,
  };
}

if (process.argv[1]?.endsWith('burst-client.js')) {
  const [url, connections, seconds, distinct] = process.argv.slice(2);
  const r = await burst(new URL(url!), Number(connections), Number(seconds), Number(distinct ?? 0));
  process.stdout.write(JSON.stringify(r) + '\n');
}
