import { create } from 'zustand';
import type { SavedJob } from '#shared/gen/svc/saved/v1/saved_pb';
import { savedClient } from '../api/clients.js';
import { describeError, type UiError } from '../api/ui-error.js';
import { useToast } from './toast-store.js';

interface SavedStore {
  /** Saved job id → its stage: which rows show as saved, without asking per row. */
  stages: ReadonlyMap<string, string>;
  /** Moves on every change, so screens showing saved jobs know to ask again. */
  version: number;
  /** The last failed change, in words (shown by the toast). */
  error: UiError | undefined;
  load(): Promise<void>;
  save(jobId: string): Promise<void>;
  /**
   * Unsaves, with Undo in the toast: the service keeps the job's tracking, and saving it again
   * brings back its stage, notes, follow-up date and history (issue 31 item 1).
   */
  unsave(jobId: string, title?: string): Promise<void>;
  /** Records a change made elsewhere (a move, notes) that the store did not make itself. */
  changed(job: SavedJob): void;
}

export const useSaved = create<SavedStore>((set, get) => {
  const put = (id: string, stage: string | undefined) => {
    const stages = new Map(get().stages);
    if (stage === undefined) stages.delete(id);
    else stages.set(id, stage);
    set({ stages, version: get().version + 1, error: undefined });
  };
  const attempt = async (run: () => Promise<void>) => {
    try {
      await run();
    } catch (e) {
      set({ error: describeError(e) });
    }
  };
  return {
    stages: new Map(),
    version: 0,
    error: undefined,
    load: () =>
      attempt(async () => {
        const r = await savedClient.listIds({});
        set({ stages: new Map(r.data.map((x) => [x.jobId, x.stage])) });
      }),
    save: (jobId) =>
      attempt(async () => {
        const r = await savedClient.save({ jobId });
        put(jobId, r.job?.stage ?? 'saved');
      }),
    unsave: (jobId, title) =>
      attempt(async () => {
        await savedClient.unsave({ jobId });
        put(jobId, undefined);
        useToast.getState().show({
          text: `Unsaved${title ? ` “${title}”` : ' the job'}. Undo brings back its stage, notes and follow-up date.`,
          undo: () => get().save(jobId),
        });
      }),
    changed: (job) => put(job.jobId, job.stage),
  };
});
