// npm run bench:accesslog — what `serve --log-level info` (one access line per request, the
// default) costs against `--log-level warn`: warm JobsService.Get (answer cache, the cheapest
// request, so the log line weighs most) at 50 connections, stderr to a file, the two servers
// measured in alternate rounds. Prints requests/s per round, medians and their ratio.
import { closeSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { benchIndex, median } from './bench-index.js';
import { startServe, type Listening } from '../test/helpers/listening-process.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const GET = '/svc.jobs.v1.JobsService/Get';
const LIST = '/svc.jobs.v1.JobsService/List';

const file = benchIndex(10_000);
const dir = mkdtempSync(join(tmpdir(), 'access-log-bench-'));
const levels = ['info', 'warn'] as const;
const logs = Object.fromEntries(levels.map((l) => [l, join(dir, `${l}.log`)]));
const servers: Record<string, Listening> = {};
for (const level of levels) {
  const fd = openSync(logs[level]!, 'a');
  servers[level] = await startServe(['--db', file, '--log-level', level], { stderr: fd });
  closeSync(fd);
}
const page = (await (
  await fetch(servers.warn!.url + LIST, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"query":{"limit":8}}',
  })
).json()) as { data: { id: string }[] };
const requests = page.data.map((j) => ({
  method: 'POST' as const,
  path: GET,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ id: j.id }),
}));

const run = async (url: string, duration: number) => {
  const r = await autocannon({ url, connections: CONNECTIONS, duration, requests });
  if (r.errors + r.timeouts + r.non2xx > 0)
    throw new Error(`${url}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx`);
  return r.requests.average;
};

const rps: Record<string, number[]> = { info: [], warn: [] };
try {
  for (const level of levels) await run(servers[level]!.url, 2); // warm-up: JIT, answer cache
  for (let i = 0; i < ROUNDS; i++) {
    // Alternate which goes first, so neither always follows the other.
    for (const level of i % 2 ? [...levels].reverse() : levels)
      rps[level]!.push(await run(servers[level]!.url, SECONDS));
  }
} finally {
  for (const s of Object.values(servers)) await s.stop();
}
const [info, warn] = [median(rps.info!), median(rps.warn!)];
console.log(`warm JobsService.Get, ${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s each, stderr to a file`);
for (const level of levels)
  console.log(
    `  --log-level ${level}: ${rps[level]!.map((x) => x.toFixed(0)).join(', ')} req/s → median ${median(rps[level]!).toFixed(0)}`,
  );
console.log(
  `  info / warn: ${(info / warn).toFixed(3)} (access log costs ${((1 - info / warn) * 100).toFixed(1)} % of throughput); info log ${(statSync(logs.info!).size / 1e6).toFixed(1)} MB`,
);
rmSync(dir, { recursive: true, force: true });
