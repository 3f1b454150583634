import type { TrackingStage } from '#shared/rules/tracking';
import { savedClient } from '../../api/clients.js';
import { describeError } from '../../api/ui-error.js';
import { useSaved } from '../../state/saved-store.js';
import { useToast } from '../../state/toast-store.js';
import { label } from '../labels.js';

/** Moves a saved job to a stage (the service keeps the date as history); false when it failed. */
export async function moveSaved(jobId: string, stage: TrackingStage): Promise<boolean> {
  try {
    const r = await savedClient.move({ jobId, stage });
    if (r.job) useSaved.getState().changed(r.job);
    return true;
  } catch (e) {
    const err = describeError(e);
    useToast.getState().show({ text: `Could not move the job to ${label(stage)}: ${err.detail}`, error: true });
    return false;
  }
}
