// The two load clients of the serve benches, behind one call: `wrk` when it is on PATH (little
// CPU per request) and the Node client (burst-client.ts, its own process) always, each with its
// own CPU cost measured, so a change of client shows in the figures instead of hiding in them.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { packageRoot } from '#service/paths';
import type { BurstResult } from './burst-client.js';
import { timedChild } from './child-cost.js';
import { wrkBurst, type ClientResult } from './wrk-client.js';

export type ClientName = ClientResult['client'];
export type { ClientResult };

const NODE_CLIENT = join(packageRoot, 'dist', 'bench', 'burst-client.js');

export async function nodeBurst(
  url: string,
  connections: number,
  seconds: number,
  distinct = 0,
): Promise<ClientResult> {
  const args = [NODE_CLIENT, url, String(connections), String(seconds), String(distinct)];
  const { stdout, cost } = await timedChild(process.execPath, args);
  const r = JSON.parse(stdout) as BurstResult;
  return {
    client: 'node',
    ok: r.ok,
    shed: r.shed,
    otherErrors: 0,
    timeouts: r.timeouts,
    p50: r.p50,
    p99: r.p99,
    max: r.max,
    ...cost,
  };
}

export function wrkOnPath(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (e) {
    // wrk prints its usage and exits 1 for --version: it is there all the same.
    return (e as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/** BENCH_CLIENTS (e.g. `wrk` or `node,wrk`), else both when wrk is on PATH, else the Node client. */
export function loadClients(env = process.env.BENCH_CLIENTS): ClientName[] {
  const asked = env ? (env.split(',') as ClientName[]) : wrkOnPath() ? (['node', 'wrk'] as const) : (['node'] as const);
  for (const c of asked) if (c !== 'node' && c !== 'wrk') throw new Error(`BENCH_CLIENTS: unknown client "${c}"`);
  return [...asked];
}

export function burst(
  client: ClientName,
  url: string,
  connections: number,
  seconds: number,
  distinct = 0,
): Promise<ClientResult> {
  return client === 'wrk'
    ? wrkBurst(url, connections, seconds, distinct)
    : nodeBurst(url, connections, seconds, distinct);
}
