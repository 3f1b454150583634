/** How many lifted choices are remembered for Undo (per process; Undo follows within seconds). */
const UNDO_MEMORY = 50;
/**
 * How long a lifted choice counts as just lifted: the app's Undo toast shows 8 s; a minute leaves
 * room for a slow client. Later, hiding or blocking again is a new choice with a new time.
 */
const UNDO_WINDOW_MS = 60_000;

/**
 * Rows just removed, so Undo can put them back as they were even when the index no longer has
 * what they name (the job expired, the company left): Undo works on anything the person just did.
 */
export class Undoable<Row> {
  private readonly rows = new Map<string, { row: Row; at: number }>();

  constructor(private readonly now: () => number) {}

  remember(key: string, row: Row | undefined): void {
    if (!row) return;
    this.rows.delete(key);
    this.rows.set(key, { row, at: this.now() });
    if (this.rows.size > UNDO_MEMORY) this.rows.delete(this.rows.keys().next().value!);
  }

  /** The row lifted under `key` within the Undo window, once. */
  take(key: string): Row | undefined {
    const lifted = this.rows.get(key);
    this.rows.delete(key);
    return lifted && this.now() - lifted.at <= UNDO_WINDOW_MS ? lifted.row : undefined;
  }
}
