/**
 * A cursor walk the upstream will not let end: a cursor that does not advance, pages of ids
 * already seen, or more pages than its own counts allow. The run stops (nothing is committed, so
 * nothing expires) and the message names the walk and what went wrong.
 */
export class WalkStuck extends Error {
  override name = 'WalkStuck';
}

export interface WalkLimits {
  /** Records the upstream's own counts say this walk can return; undefined when no count is known. */
  expected: number | undefined;
  pageSize: number;
  /** Pages already walked by an earlier process (a resumed walk keeps its budget). */
  pagesBefore?: number;
}

/**
 * Slack over the upstream's counts: jobs are found and verified while we walk (a verified job
 * moves in `recently_verified`), so a walk may see a few more records, and a few twice.
 */
const SLACK_RATIO = 0.1;
const SLACK_PAGES = 3;

/**
 * Watches one cursor walk page by page (docs/decisions/sync.md § Walks that do not end). Ids seen
 * are kept in memory for this process's share of the walk; the page count is checkpointed by the
 * caller (`pages`) so a resumed walk cannot start its budget afresh.
 */
export class WalkGuard {
  private readonly cursors = new Set<string>();
  private readonly ids = new Set<string>();
  private repeats = 0;
  pages: number;
  readonly maxPages: number | undefined;
  /** Repeated ids tolerated over the walk: the slack, at least one page's worth. */
  private readonly maxRepeats: number;

  constructor(
    private readonly walk: string,
    limits: WalkLimits,
  ) {
    this.pages = limits.pagesBefore ?? 0;
    const slack = Math.max(limits.pageSize, Math.ceil((limits.expected ?? 0) * SLACK_RATIO));
    this.maxRepeats = slack;
    this.maxPages =
      limits.expected === undefined ? undefined : Math.ceil((limits.expected + slack) / limits.pageSize) + SLACK_PAGES;
  }

  /** Call with each page: the cursor it was asked with, its record ids, and the cursor it gave for the next. */
  page(sent: string | undefined, ids: readonly string[], next: string | undefined): void {
    this.pages++;
    if (sent !== undefined) this.cursors.add(sent);
    if (next !== undefined && (next === sent || this.cursors.has(next))) {
      throw new WalkStuck(
        `${this.walk}: the upstream's cursor does not advance (page ${this.pages} gave a cursor already walked); stopped`,
      );
    }
    let fresh = 0;
    for (const raw of ids) {
      const id = raw.toLowerCase();
      if (this.ids.has(id)) this.repeats++;
      else {
        this.ids.add(id);
        fresh++;
      }
    }
    if ((ids.length > 0 && fresh === 0 && next !== undefined) || this.repeats > this.maxRepeats) {
      throw new WalkStuck(
        `${this.walk}: the upstream repeats records (${this.repeats} ids seen twice by page ${this.pages}, more than the ${this.maxRepeats} its changes can explain); stopped`,
      );
    }
    if (next !== undefined && this.maxPages !== undefined && this.pages >= this.maxPages) {
      throw new WalkStuck(
        `${this.walk}: more than ${this.maxPages} pages, more than the upstream's own counts make plausible; stopped`,
      );
    }
  }
}
