import { hidingClient } from '../../api/clients.js';
import { userErrorText } from '../../api/user-error.js';
import { refreshResults } from '../../state/refresh-results.js';
import { useToast } from '../../state/toast-store.js';

async function attempt(what: string, run: () => Promise<void>): Promise<boolean> {
  try {
    await run();
    refreshResults();
    return true;
  } catch (e) {
    useToast.getState().show({ text: `Could not ${what}: ${userErrorText(e)}`, error: true });
    return false;
  }
}

/** Hides a job from results, with Undo in the toast. */
export async function hideJob(jobId: string, title: string, after?: () => void): Promise<void> {
  if (!(await attempt('hide the job', async () => void (await hidingClient.hideJob({ jobId }))))) return;
  after?.();
  useToast.getState().show({ text: `Hidden: ${title}`, undo: () => unhideJob(jobId) });
}

export async function unhideJob(jobId: string): Promise<void> {
  await attempt('show the job again', async () => void (await hidingClient.unhideJob({ jobId })));
}

/** Leaves every job of a company out of results, with Undo in the toast. */
export async function blockCompany(slug: string, name: string, after?: () => void): Promise<void> {
  if (!(await attempt('block the company', async () => void (await hidingClient.blockCompany({ companySlug: slug })))))
    return;
  after?.();
  useToast.getState().show({ text: `Blocked: ${name}`, undo: () => unblockCompany(slug) });
}

export async function unblockCompany(slug: string): Promise<void> {
  await attempt('unblock the company', async () => void (await hidingClient.unblockCompany({ companySlug: slug })));
}
