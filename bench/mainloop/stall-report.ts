// BENCH_MAINLOOP_PROBE=1: every stall of the main thread's loop in a phase, split by the kernel
// (on a CPU / waiting for one / blocked), beside what might explain it: a GC pause in main,
// messages from the worker arriving right after, and whether the bystander process (a loop that
// runs nothing) stalled at the same time.
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { packageRoot } from '#service/paths';
import type { GcPause, Stall, StallProbe } from './stall-probe.js';

/** A message from the worker as main received it. */
export interface Arrival {
  at: number;
  t: string;
  bytes: number;
}

export interface Bystander {
  /** Its stalls and GC pauses since it started; it exits after. */
  collect(): Promise<{ stalls: Stall[]; gcs: GcPause[] }>;
}

export async function startBystander(): Promise<Bystander> {
  const child: ChildProcess = fork(join(packageRoot, 'dist', 'bench', 'mainloop', 'bystander.js'), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve) => child.once('message', () => resolve()));
  return {
    collect: () =>
      new Promise((resolve) => {
        child.once('message', (m: { stalls: Stall[]; gcs: GcPause[] }) => resolve(m));
        child.send('report');
      }),
  };
}

const overlaps = (a: { at: number; ms: number }, b: { at: number; ms: number }) =>
  a.at < b.at + b.ms && b.at < a.at + a.ms;
const f = (n: number) => n.toFixed(0);

export function stallLines(
  phase: string,
  t0: number,
  t1: number,
  main: StallProbe,
  arrivals: Arrival[],
  other: { stalls: Stall[] },
): string[] {
  const lines = [
    `${phase}: ${main.stalls.length} stalls > 30 ms in main, ${main.gcs.length} GC pauses in main (longest ${f(Math.max(0, ...main.gcs.map((g) => g.ms)))} ms), ${arrivals.length} messages from the worker (${(arrivals.reduce((s, a) => s + a.bytes, 0) / 1024).toFixed(0)} KiB)`,
  ];
  for (const s of main.stalls) {
    const gc = main.gcs.filter((g) => overlaps(g, s));
    // What the loop ran when it woke: messages that had queued during the gap.
    const msgs = arrivals.filter((a) => a.at >= s.at && a.at <= s.at + s.ms + 10);
    const by = other.stalls.filter((b) => overlaps(b, s));
    lines.push(
      `  +${((s.at - t0) / 1000).toFixed(1)} s: ${f(s.ms)} ms = cpu ${f(s.cpuMs)} + runqueue ${f(s.runqueueMs)} + blocked ${f(s.blockedMs)}` +
        `; gc ${gc.length ? gc.map((g) => `${f(g.ms)} ms (kind ${g.kind})`).join(', ') : 'none'}` +
        `; then ${msgs.length} messages ${(msgs.reduce((n, a) => n + a.bytes, 0) / 1024).toFixed(0)} KiB` +
        `; bystander ${by.length ? by.map((b) => `${f(b.ms)} ms (cpu ${f(b.cpuMs)}, runqueue ${f(b.runqueueMs)}, blocked ${f(b.blockedMs)})`).join(', ') : 'no stall'}`,
    );
  }
  const bystanderIn = other.stalls.filter((b) => b.at >= t0 && b.at < t1);
  lines.push(
    `  bystander in the same phase: ${bystanderIn.length} stalls > 30 ms, longest ${f(Math.max(0, ...bystanderIn.map((b) => b.ms)))} ms`,
  );
  return lines;
}
