// The load client of `npm run bench:serve:workers` when `wrk` (the C HTTP load generator) is on
// PATH: the same closed loop as burst-client.ts (keep-alive connections, each sending varied
// JobsService.List queries one after another, POST Connect JSON) at a fraction of the Node
// client's CPU, which on 2 cores is taken from the server under test.
//
// A Lua script (written per run) holds the very bodies `variedBody` makes. After a 503 the next
// request of the thread waits the `Retry-After` seconds (wrk's delay() cannot tell which
// connection was shed, so the wait goes to the connection sending next: the same total pause as
// the Node client's, and none at all while nothing is shed). wrk times a request from its send to
// its last byte, the wait excluded, as burst-client.ts does.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { variedBody } from './burst-client.js';
import { timedChild, type ChildCost } from './child-cost.js';

export interface ClientResult extends ChildCost {
  client: 'wrk' | 'node';
  /** Answered 200; answered 503 (shed); answered another non-2xx; given up after 10 s or failed. */
  ok: number;
  shed: number;
  otherErrors: number;
  timeouts: number;
  p50: number;
  p99: number;
  max: number;
}

const LIST = '/svc.jobs.v1.JobsService/List';
/** variedBody repeats itself every 120 queries (its word, sort, country and limit cycles). */
const VARIED_PERIOD = 120;

/** The Lua script: the bodies, the request cycle, Retry-After, and one JSON line at the end. */
export function wrkScript(distinct: number): string {
  const count = distinct || VARIED_PERIOD;
  const bodies = Array.from({ length: count }, (_, n) => `[==[${variedBody(n)}]==]`).join(',\n');
  return `local bodies = {
${bodies}
}
local requests = {}
-- In init, once wrk has set the Host header from the URL.
function init(args)
  for i, b in ipairs(bodies) do
    requests[i] = wrk.format("POST", "${LIST}", { ["Content-Type"] = "application/json" }, b)
  end
end
-- Globals, so done() can read them from each thread (thread:get).
n, shed, other, owed = 0, 0, 0, {}
local threads = {}
function setup(thread) table.insert(threads, thread) end
function request()
  n = n + 1
  return requests[(n % #requests) + 1]
end
function response(status, headers, body)
  if status == 503 then
    shed = shed + 1
    local after = tonumber(headers["Retry-After"] or headers["retry-after"] or "1") or 1
    table.insert(owed, after * 1000)
  elseif status >= 300 then
    other = other + 1
  end
end
function delay()
  if #owed > 0 then return table.remove(owed, 1) end
  return 0
end
function done(summary, latency, requests)
  local s, o = 0, 0
  for _, t in ipairs(threads) do s = s + t:get("shed"); o = o + t:get("other") end
  local e = summary.errors
  io.write(string.format('{"requests":%d,"non2xx":%d,"shed":%d,"other":%d,"timeouts":%d,"failed":%d,"p50":%d,"p99":%d,"max":%d}\\n',
    summary.requests, e.status, s, o, e.timeout, e.connect + e.read + e.write,
    latency:percentile(50), latency:percentile(99), latency.max))
end
`;
}

interface WrkDone {
  requests: number;
  non2xx: number;
  shed: number;
  other: number;
  timeouts: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
}

/** One closed-loop burst by wrk (one thread: enough for 100 connections, and the least CPU). */
export async function wrkBurst(url: string, connections: number, seconds: number, distinct = 0): Promise<ClientResult> {
  const dir = mkdtempSync(join(tmpdir(), 'wrk-'));
  try {
    const script = join(dir, 'list.lua');
    writeFileSync(script, wrkScript(distinct));
    const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', script, url];
    const { stdout, cost } = await timedChild('wrk', args);
    const line = stdout.split('\n').find((l) => l.startsWith('{"requests"'));
    if (!line) throw new Error(`wrk printed no result: ${stdout}`);
    const d = JSON.parse(line) as WrkDone;
    const ms = (us: number) => Math.round(us / 1000);
    return {
      client: 'wrk',
      ok: d.requests - d.non2xx,
      shed: d.shed,
      otherErrors: d.other,
      timeouts: d.timeouts + d.failed,
      p50: ms(d.p50),
      p99: ms(d.p99),
      max: ms(d.max),
      ...cost,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
