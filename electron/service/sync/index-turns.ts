/** The runs that write the index in the background of the app. */
export type IndexTask = 'sync' | 'crawl';

/**
 * One turn at a time on the index for the app's background sync and crawls (issue 26): each run
 * waits for the one before it, so a sync and a crawl never run at once and never reconcile
 * against each other's half-written state. `waiting` says who waits for whom, for the UI.
 */
export class IndexTurns {
  private tail: Promise<unknown> = Promise.resolve();
  private current: IndexTask | undefined;
  private readonly queued: IndexTask[] = [];

  /** Runs `fn` once every run asked before it has ended (failed or not); resolves as `fn` does. */
  run<T>(task: IndexTask, fn: () => Promise<T>): Promise<T> {
    this.queued.push(task);
    const turn = this.tail.then(async () => {
      this.queued.splice(this.queued.indexOf(task), 1);
      this.current = task;
      try {
        return await fn();
      } finally {
        this.current = undefined;
      }
    });
    this.tail = turn.catch(() => undefined);
    return turn;
  }

  /** The run writing the index now, if any. */
  get running(): IndexTask | undefined {
    return this.current;
  }

  /** What `task` waits for now: the run in progress of the other kind, or undefined when it is not waiting on one. */
  waitingFor(task: IndexTask): IndexTask | undefined {
    return this.queued.includes(task) && this.current !== undefined && this.current !== task ? this.current : undefined;
  }
}
