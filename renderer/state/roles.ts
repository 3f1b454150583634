import type { JobCard } from '#shared/gen/svc/jobs/v1/job_pb';
import type { FoldedRole } from '#shared/gen/svc/jobs/v1/jobs_pb';

// The role each card of a folded list stands for (docs/decisions/folding.md): List answers it
// beside the cards (`folded.roles`), so it is kept here by card rather than changing the card.
const roles = new WeakMap<JobCard, FoldedRole>();

/** Remembers the roles of a folded page, one per card in order. */
export function rememberRoles(cards: readonly JobCard[], folded: readonly FoldedRole[] | undefined): void {
  if (!folded) return;
  cards.forEach((c, i) => {
    const r = folded[i];
    if (r) roles.set(c, r);
  });
}

/** How many matching postings the card's role has (1 when it stands alone or was not folded). */
export function placesOf(card: JobCard): number {
  return roles.get(card)?.postings ?? 1;
}
