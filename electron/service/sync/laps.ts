/** Wall and CPU milliseconds of one step. */
export interface Lap {
  ms: number;
  cpuMs: number;
}

/**
 * Milliseconds spent in each named step, in the order they ran: what a run reports of its own
 * cost. CPU time (the process's, user + system) beside wall time, since on a busy machine the wall
 * time is mostly waiting for a core.
 */
export class Laps {
  readonly steps: Record<string, Lap> = {};
  private at = performance.now();
  private cpu = process.cpuUsage();

  /** Ends the step under way, named `name` (time since the last lap, or since the start). */
  lap(name: string): void {
    const now = performance.now();
    const cpu = process.cpuUsage();
    const prev = this.steps[name] ?? { ms: 0, cpuMs: 0 };
    this.steps[name] = {
      ms: prev.ms + Math.round(now - this.at),
      cpuMs: prev.cpuMs + Math.round((cpu.user - this.cpu.user + cpu.system - this.cpu.system) / 1000),
    };
    this.at = now;
    this.cpu = cpu;
  }
}
