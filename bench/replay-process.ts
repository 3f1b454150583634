// The crawl benches' boards, served by crawl-replay.ts in a process of its own: the benching
// process is then the crawler alone, so its peak RSS and CPU are the crawl's.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PLATFORMS, type Platform } from '#shared/rules/board-ref';
import type { ReplayReady } from './crawl-replay.js';

export interface ReplayProcess extends ReplayReady {
  /** Every platform's API at the replay server. */
  apiBase: Record<Platform, string>;
  /** The replay process's own peak RSS, KB. */
  rss(): Promise<number>;
  close(): void;
}

/** Forks the replay server for `boards` boards and waits until it serves. */
export async function forkReplay(boards: number): Promise<ReplayProcess> {
  const replay = fork(fileURLToPath(new URL('./crawl-replay.js', import.meta.url)), {
    env: { ...process.env, CRAWL_BENCH_BOARDS: String(boards) },
    execArgv: [],
  });
  const ready = await new Promise<ReplayReady>((res, rej) => {
    replay.once('message', (m) => res(m as ReplayReady));
    replay.once('exit', (code) => rej(new Error(`the replay process exited (${code}) before serving`)));
  });
  return {
    ...ready,
    apiBase: Object.fromEntries(PLATFORMS.map((p) => [p, ready.url])) as Record<Platform, string>,
    rss: () =>
      new Promise<number>((res) => {
        replay.once('message', (m) => res((m as { rss: number }).rss));
        replay.send('rss');
      }),
    close: () => replay.disconnect(),
  };
}
