/** How many lifted choices are remembered for Undo (per process; Undo follows within seconds). */
const UNDO_MEMORY = 50;

/**
 * Rows just removed, so Undo can put them back as they were even when the index no longer has
 * what they name (the job expired, the company left): Undo works on anything the person just did.
 */
export class Undoable<Row> {
  private readonly rows = new Map<string, Row>();

  remember(key: string, row: Row | undefined): void {
    if (!row) return;
    this.rows.delete(key);
    this.rows.set(key, row);
    if (this.rows.size > UNDO_MEMORY) this.rows.delete(this.rows.keys().next().value!);
  }

  take(key: string): Row | undefined {
    const row = this.rows.get(key);
    this.rows.delete(key);
    return row;
  }
}
