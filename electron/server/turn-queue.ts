/**
 * The queue in front of the RPC handlers of `jobindex serve` (docs/decisions/load-shedding.md).
 *
 * Every query runs on the one JavaScript thread (better-sqlite3 is synchronous). Left to itself,
 * Node runs the request of every socket that became readable in one turn of the event loop, one
 * after another, and accepts a new connection only once per turn: with 100 busy keep-alive
 * connections a turn lasts ~0.5 s and a connection opened in a burst waited in the kernel's accept
 * queue for seconds. Here a request waits for its turn in arrival order, one request per turn of
 * the loop, so between two queries the loop accepts and reads what came in meanwhile and every
 * request's wait is counted from the moment it arrived.
 */
export class TurnQueue {
  private readonly waiting: Array<() => void> = [];
  private scheduled = false;
  private lastGrant = 0;
  /** Smoothed time between two turns while requests wait: how fast the queue drains. */
  private turnMs = 0;

  /** Requests waiting for their turn. */
  get length(): number {
    return this.waiting.length;
  }

  /** About how long a request arriving now would wait for its turn. */
  expectedWaitMs(): number {
    return this.waiting.length * this.turnMs;
  }

  /** Resolves when it is the caller's turn: after every earlier caller's, in a turn of the loop of its own. */
  turn(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    // setImmediate runs after the loop has polled its sockets: new connections and requests get in.
    setImmediate(() => {
      this.scheduled = false;
      const now = performance.now();
      if (this.lastGrant)
        this.turnMs = this.turnMs ? this.turnMs * 0.9 + (now - this.lastGrant) * 0.1 : now - this.lastGrant;
      const next = this.waiting.shift()!;
      this.lastGrant = this.waiting.length ? now : 0;
      next();
      this.schedule();
    });
  }
}
