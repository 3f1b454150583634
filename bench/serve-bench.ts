// npm run bench:serve — `jobindex serve` under load against a bare node:http server answering
// the same bytes (the ceiling): requests/s and p99 for List and Get at 50 connections.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { openIndex } from '#service/index-db/open-index';
import { invokeUnary } from '#service/rpc/invoke';
import { createHandlers } from '../electron/service/rpc/router.js';
import { createIndexContext } from '../electron/service/index-services/index-context.js';
import { indexRoutes } from '#service/index-services/routes';
import { benchIndex } from './bench-index.js';
import { startListening } from '../test/helpers/listening-process.js';
import type { Canned } from './ceiling-server.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const JSON_TYPE = 'application/json';

async function post(url: string, path: string, body: string): Promise<string> {
  const r = await fetch(url + path, { method: 'POST', headers: { 'content-type': JSON_TYPE }, body });
  const text = await r.text();
  if (r.status !== 200) throw new Error(`${path} ${body}: ${r.status} ${text}`);
  return text;
}

async function load(url: string, requests: { path: string; body: string }[]): Promise<Result> {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: requests.map((r) => ({
      method: 'POST',
      path: r.path,
      headers: { 'content-type': JSON_TYPE },
      body: r.body,
    })),
  });
}

const file = benchIndex(100_000);
// Warm: the default server, whose answer cache serves the repeated requests. Cold: `--no-cache`,
// every request computed by the service (the figure for requests nobody asked before).
const served = await startListening(['bin/jobindex.js', 'serve', '--db', file, '--port', '0', '--log-level', 'warn'], {
  stderr: 'inherit',
});
const uncached = await startListening(
  ['bin/jobindex.js', 'serve', '--db', file, '--port', '0', '--no-cache', '--log-level', 'warn'],
  { stderr: 'inherit' },
);
const LIST = '/svc.jobs.v1.JobsService/List';
const listBodies = ['engineer', 'nurse', 'sales manager', 'data'].map((q) => JSON.stringify({ query: { query: q } }));
const ids = (
  JSON.parse(await post(served.url, LIST, JSON.stringify({ query: { limit: 4 } }))) as { data: { id: string }[] }
).data.map((j) => j.id);
const cases = [
  { name: 'JobsService.List (text query, 25 cards)', requests: listBodies.map((body) => ({ path: LIST, body })) },
  {
    name: 'JobsService.Get',
    requests: ids.map((id) => ({ path: '/svc.jobs.v1.JobsService/Get', body: JSON.stringify({ id }) })),
  },
];

// The ceiling answers exactly the bytes the real server gave for each request.
const canned: Canned[] = [];
for (const c of cases)
  for (const r of c.requests)
    canned.push({ ...r, contentType: JSON_TYPE, response: await post(served.url, r.path, r.body) });
const dir = mkdtempSync(join(tmpdir(), 'serve-bench-'));
writeFileSync(join(dir, 'canned.json'), JSON.stringify(canned));
const ceiling = await startListening(['dist/bench/ceiling-server.js', join(dir, 'canned.json')], { stderr: 'inherit' });

/**
 * What one thread can do with no HTTP at all: the same requests through the router in-process,
 * one after another. The server runs the service on one thread too, so this bounds it.
 */
async function routerOnly(requests: { path: string; body: string }[]): Promise<number> {
  const db = openIndex(file, { readonly: true });
  const handlers = createHandlers(indexRoutes(createIndexContext(db)));
  const bodies = requests.map((r) => ({ path: r.path, body: new TextEncoder().encode(r.body) }));
  for (let i = 0; i < 100; i++) await invokeUnary(handlers, bodies[i % bodies.length]!);
  let n = 0;
  const t = performance.now();
  while (performance.now() - t < 3000) await invokeUnary(handlers, bodies[n++ % bodies.length]!);
  db.close();
  return (n / (performance.now() - t)) * 1000;
}

const rows: string[] = [];
try {
  const errs = (r: Result) => r.errors + r.timeouts + r.non2xx;
  for (const c of cases) {
    const bare = await load(ceiling.url, c.requests);
    const inProcess = await routerOnly(c.requests);
    for (const [how, url] of [
      ['cold (--no-cache)', uncached.url],
      ['warm (answer cache)', served.url],
    ] as const) {
      // A short warm-up each, so no side pays for JIT or page cache in the measured run.
      await autocannon({
        url,
        connections: CONNECTIONS,
        duration: 2,
        requests: c.requests.map((r) => ({
          method: 'POST',
          path: r.path,
          headers: { 'content-type': JSON_TYPE },
          body: r.body,
        })),
      });
      const real = await load(url, c.requests);
      const pct = ((real.requests.average / bare.requests.average) * 100).toFixed(0);
      rows.push(
        `| ${c.name}, ${how} | ${inProcess.toFixed(0)} | ${real.requests.average.toFixed(0)} | ${real.latency.p99} | ${errs(real)} | ${bare.requests.average.toFixed(0)} | ${bare.latency.p99} | ${errs(bare)} | ${pct}% |`,
      );
    }
  }
} finally {
  await served.stop();
  await uncached.stop();
  await ceiling.stop();
  rmSync(dir, { recursive: true, force: true });
}

process.stdout.write(
  [
    `100,000 jobs, ${CONNECTIONS} connections, ${SECONDS} s per run, Connect JSON over HTTP/1.1 keep-alive`,
    '',
    '| request | router in-process req/s (1 thread) | serve req/s | serve p99 ms | serve errors | ceiling req/s | ceiling p99 ms | ceiling errors | serve / ceiling |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n') + '\n',
);
