import { PageMismatch } from './page-check.js';
import { plannedWalks } from './pull-cards.js';
import type { SyncContext } from './sync-context.js';

/**
 * The work-mode walks partition the active jobs, so a job staged under two modes means a page
 * answered another walk's query and passed the page checks (an on-site page and a hybrid page
 * look alike). Call when the walks have ended, before their cards are merged: nothing is written.
 */
export function checkWalkPartition(ctx: SyncContext): void {
  const ids = ctx.db
    .prepare<[], { id: string; modes: string }>(
      `SELECT id, group_concat(DISTINCT work_mode) AS modes FROM sync_card_log WHERE work_mode != ''
       GROUP BY id HAVING count(DISTINCT work_mode) > 1`,
    )
    .all();
  if (ids.length === 0) return;
  const first = ids[0]!;
  throw new PageMismatch(
    `JobsService.List walks: ${ids.length} jobs were listed under two work modes ` +
      `(${first.id} as ${first.modes.split(',').join(' and ')}), so a page answered another walk's query`,
  );
}

/**
 * After a page that answered another query, any page staged so far may be one that passed the
 * checks, and which cannot be told: every card walk of the run starts again at the next sync
 * (cards only: a re-walk costs List pages, not Gets) and nothing of them is merged.
 */
export function restartCardWalks(ctx: SyncContext): void {
  ctx.writer.transaction(() => {
    ctx.db.exec('DELETE FROM sync_card_log');
    for (const w of plannedWalks(ctx.run)) delete ctx.run.walks[w.name];
    ctx.state.saveRun(ctx.run);
  });
}
