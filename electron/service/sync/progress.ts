export type SyncPhase = 'snapshot' | 'import' | 'companies' | 'cards' | 'details' | 'reconcile' | 'saved' | 'commit';

/** One progress event: what sync is doing, how far, and how fast (per second, this phase). */
export interface SyncProgress {
  phase: SyncPhase;
  done: number;
  total?: number;
  rate: number;
}

/** Turns counts into throttled progress events (at most one per `everyMs`, plus phase ends). */
export class ProgressMeter {
  private phase: SyncPhase = 'companies';
  private done = 0;
  private total: number | undefined;
  private started = 0;
  private last = 0;

  constructor(
    private readonly onProgress?: (p: SyncProgress) => void,
    private readonly everyMs = 100,
  ) {}

  start(phase: SyncPhase, total?: number, done = 0): void {
    this.phase = phase;
    this.total = total;
    this.done = done;
    this.started = performance.now();
    this.last = 0;
    this.emit();
  }

  setTotal(total: number): void {
    this.total = total;
  }

  add(n = 1): void {
    this.done += n;
    const t = performance.now();
    if (t - this.last >= this.everyMs) this.emit();
  }

  finish(): void {
    this.emit();
  }

  private emit(): void {
    if (!this.onProgress) return;
    const now = performance.now();
    this.last = now;
    const secs = (now - this.started) / 1000;
    const p: SyncProgress = { phase: this.phase, done: this.done, rate: secs > 0 ? this.done / secs : 0 };
    if (this.total !== undefined) p.total = this.total;
    this.onProgress(p);
  }
}
