// node dist/bench/answer-cpu-bench.js — the CPU one uncached List answer costs through the router
// (Connect JSON bytes in, bytes out, as a read worker runs it), no HTTP and no client: the steady
// figure behind `serve`'s throughput on a shared machine (#30). The bench's 120 varied queries
// (burst-client.ts), BENCH_ROUNDS rounds. BENCH_BEFORE=<other tree> loads that tree's compiled
// router too and alternates the two, so before and after share the load; medians printed.
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { UniversalHandler } from '@connectrpc/connect/protocol';
import { packageRoot } from '#service/paths';
import { benchIndex, median } from './bench-index.js';
import { variedBody } from './burst-client.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const PER_ROUND = 3; // passes over the 120 queries per measurement
const LIST = '/svc.jobs.v1.JobsService/List';
const file = benchIndex(Number(process.env.BENCH_JOBS ?? 100_000));
const trees = [
  ...(process.env.BENCH_BEFORE ? [{ name: 'before', root: process.env.BENCH_BEFORE }] : []),
  { name: process.env.BENCH_BEFORE ? 'after' : 'this tree', root: packageRoot },
];

interface Service {
  handlers(routes: [], onUnexpected: () => void): Map<string, UniversalHandler>;
}

async function listOf(root: string): Promise<UniversalHandler> {
  const url = pathToFileURL(join(root, 'dist', 'electron', 'service', 'open-index-service.js')).href;
  const { openIndexService } = (await import(url)) as {
    openIndexService(o: { indexFile: string; readonly: boolean }): Service;
  };
  return openIndexService({ indexFile: file, readonly: true })
    .handlers([], () => {})
    .get(LIST)!;
}

async function answer(h: UniversalHandler, body: string): Promise<number> {
  const res = await h({
    httpVersion: '1.1',
    url: `http://localhost${LIST}`,
    method: 'POST',
    header: new Headers({ 'content-type': 'application/json' }),
    body: (async function* () {
      yield new TextEncoder().encode(body);
    })(),
    signal: new AbortController().signal,
  });
  let n = 0;
  if (res.body) for await (const c of res.body) n += c.byteLength;
  if (res.status !== 200) throw new Error(`List answered ${res.status}`);
  return n;
}

/** CPU ms per answer over PER_ROUND passes of the 120 queries. */
async function measure(h: UniversalHandler): Promise<number> {
  const start = process.cpuUsage();
  for (let r = 0; r < PER_ROUND; r++) for (let n = 0; n < 120; n++) await answer(h, variedBody(n));
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / (PER_ROUND * 120);
}

const handlers = await Promise.all(trees.map((t) => listOf(t.root)));
for (const h of handlers) for (let n = 0; n < 120; n++) await answer(h, variedBody(n)); // warm
const ms: number[][] = trees.map(() => []);
const loadAtStart = loadavg()[0]!.toFixed(1);
for (let r = 0; r < ROUNDS; r++) for (const [i, h] of handlers.entries()) ms[i]!.push(await measure(h));
process.stdout.write(
  [
    `List through the router, ${file.split('/').pop()}, 120 varied queries × ${PER_ROUND} per measurement, ${ROUNDS} alternating rounds; load ${loadAtStart} → ${loadavg()[0]!.toFixed(1)}`,
    ...trees.map(
      (t, i) =>
        `${t.name} (${t.root}): median ${median(ms[i]!).toFixed(3)} ms CPU per answer (rounds: ${ms[i]!.map((x) => x.toFixed(2)).join(', ')})`,
    ),
  ].join('\n') + '\n',
);
