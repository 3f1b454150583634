// What a thread did while its event loop stalled, for bench:mainloop's BENCH_MAINLOOP_PROBE=1: a
// 5 ms timer notes every gap longer than STALL_MS and splits it with the kernel's schedstat for
// that thread (/proc/<pid>/task/<tid>/schedstat, Linux): time on a CPU (our code, GC), time
// runnable but waiting for a CPU (the scheduler), and the rest off-CPU (blocked in the kernel:
// a page fault, a lock, I/O). GC pauses come from PerformanceObserver.
import { closeSync, openSync, readSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';

export const STALL_MS = 30;
const TICK_MS = 5;

export interface Stall {
  /** Wall clock (ms since the epoch) when the gap began and its length. */
  at: number;
  ms: number;
  cpuMs: number;
  runqueueMs: number;
  /** The gap less CPU and runqueue: the thread slept in the kernel. */
  blockedMs: number;
}

export interface GcPause {
  at: number;
  ms: number;
  kind: number;
}

export interface StallProbe {
  stalls: Stall[];
  gcs: GcPause[];
  stop(): void;
}

/** Kernel thread id of the calling thread: the main thread's is the pid; a worker passes its own. */
export function startStallProbe(tid = process.pid): StallProbe {
  const stalls: Stall[] = [];
  const gcs: GcPause[] = [];
  const epoch = performance.timeOrigin;
  let fd: number | undefined;
  try {
    fd = openSync(`/proc/${process.pid}/task/${tid}/schedstat`, 'r');
  } catch {
    // No schedstat here (not Linux): gaps are still noted, unsplit.
  }
  const buf = Buffer.alloc(128);
  const sched = (): [number, number] => {
    if (fd === undefined) return [0, 0];
    const n = readSync(fd, buf, 0, buf.length, 0);
    const [run, wait] = buf.toString('latin1', 0, n).split(' ');
    return [Number(run) / 1e6, Number(wait) / 1e6];
  };
  let last = performance.now();
  let [lastRun, lastWait] = sched();
  const timer = setInterval(() => {
    const now = performance.now();
    const [run, wait] = sched();
    const gap = now - last;
    if (gap > STALL_MS) {
      const cpuMs = run - lastRun;
      const runqueueMs = wait - lastWait;
      stalls.push({ at: epoch + last, ms: gap, cpuMs, runqueueMs, blockedMs: Math.max(0, gap - cpuMs - runqueueMs) });
    }
    last = now;
    lastRun = run;
    lastWait = wait;
  }, TICK_MS);
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      gcs.push({
        at: epoch + e.startTime,
        ms: e.duration,
        kind: (e as { detail?: { kind?: number } }).detail?.kind ?? 0,
      });
  });
  gc.observe({ entryTypes: ['gc'] });
  return {
    stalls,
    gcs,
    stop() {
      clearInterval(timer);
      gc.disconnect();
      if (fd !== undefined) closeSync(fd);
    },
  };
}
