import { MB, type CountedBytes } from './capped-body.js';

/**
 * The answer bytes a whole crawl holds at once, over every board in flight (docs/decisions/crawl.md
 * § Answer size). Each answer is capped on its own (capped-body.ts); this bounds their sum, so
 * sixteen boards each sending near the cap cost this, not sixteen caps. Real boards answer a few
 * hundred KB: the budget only makes hostile or giant ones wait.
 */
export const RUN_BODY_BUDGET_BYTES = 16 * MB;

/** One board's share: what its answers hold until the board is written and `release`d. */
export interface BodyLease extends CountedBytes {
  release(): void;
}

interface Lease {
  held: number;
}

/**
 * A run-wide byte budget shared by leases, one per board. A reader whose bytes do not fit waits
 * (its socket is left unread, so the sender waits too) until other boards give theirs back. The
 * oldest open lease never waits: boards write in the order they were leased, so it is the one the
 * others wait for, and it always moves on. The run thus holds at most the budget plus the oldest
 * board's answers (each within the answer cap).
 */
export class BodyBudget {
  private used = 0;
  private readonly open = new Set<Lease>();
  private readonly waiting: Array<{ lease: Lease; n: number; go: () => void }> = [];

  constructor(readonly bytes: number = RUN_BODY_BUDGET_BYTES) {}

  /** Bytes held now over all leases (tests, figures). */
  get held(): number {
    return this.used;
  }

  lease(): BodyLease {
    const l: Lease = { held: 0 };
    this.open.add(l);
    return {
      take: (n) => {
        // A lease released under a reader still running (an aborted board) counts nothing more.
        if (!this.open.has(l)) return undefined;
        if (this.fits(l, n)) {
          this.grant(l, n);
          return undefined;
        }
        return new Promise<void>((go) => this.waiting.push({ lease: l, n, go }));
      },
      give: (n) => {
        const back = Math.min(n, l.held);
        l.held -= back;
        this.used -= back;
        this.wake();
      },
      release: () => {
        if (!this.open.delete(l)) return;
        this.used -= l.held;
        l.held = 0;
        // A reader of this lease still waiting (its board failed elsewhere) is let go.
        for (const w of this.waiting.filter((w) => w.lease === l)) {
          this.waiting.splice(this.waiting.indexOf(w), 1);
          w.go();
        }
        this.wake();
      },
    };
  }

  private fits(l: Lease, n: number): boolean {
    return this.used + n <= this.bytes || this.open.values().next().value === l;
  }

  private grant(l: Lease, n: number): void {
    l.held += n;
    this.used += n;
  }

  private wake(): void {
    for (let i = 0; i < this.waiting.length;) {
      const w = this.waiting[i]!;
      if (this.fits(w.lease, w.n)) {
        this.waiting.splice(i, 1);
        this.grant(w.lease, w.n);
        w.go();
      } else i++;
    }
  }
}
