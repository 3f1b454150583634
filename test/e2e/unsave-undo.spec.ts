import { api, expect, test } from './support/app.js';
import { openJobsPatiently } from './support/open-patiently.js';
import { UNDO_JOB } from './support/ui31-fixtures.js';

// Issue 31 item 1: one click on ★ wiped a tracked job (stage, notes, follow-up, history) with no
// word and no Undo, and the detail's toggle read "Save job" whichever way it went.

const get = (page: import('@playwright/test').Page) =>
  api(page, '/svc.saved.v1.SavedJobsService/Get', { jobId: UNDO_JOB.id });

async function track(page: import('@playwright/test').Page): Promise<void> {
  await page.goto('/');
  await api(page, '/svc.saved.v1.SavedJobsService/Save', { jobId: UNDO_JOB.id });
  await api(page, '/svc.saved.v1.SavedJobsService/Move', { jobId: UNDO_JOB.id, stage: 'interviewing' });
  await api(page, '/svc.saved.v1.SavedJobsService/SetNotes', {
    jobId: UNDO_JOB.id,
    notes: 'Met Ana; second round Tuesday.',
  });
  await api(page, '/svc.saved.v1.SavedJobsService/SetFollowUp', { jobId: UNDO_JOB.id, followUpOn: '2030-03-14' });
  // The app opened above may have read the saved jobs before these calls; a hash change would
  // keep that reading, so the test's own opening is a fresh load.
  await page.goto('about:blank');
}

function expectTracked(job: any): void {
  expect(job.stage).toBe('interviewing');
  expect(job.notes).toBe('Met Ana; second round Tuesday.');
  expect(job.followUpOn).toBe('2030-03-14');
  expect(job.history.map((m: { stage: string }) => m.stage)).toEqual(['saved', 'interviewing']);
}

// A loaded machine: room for slow first paints.
test.describe.configure({ mode: 'serial', timeout: 60_000 });

test('unsaving a tracked job from the detail says what it does, and Undo brings everything back', async ({ page }) => {
  await track(page);
  await openJobsPatiently(page, `?q=${encodeURIComponent(UNDO_JOB.title)}&job=${UNDO_JOB.id}`);
  const detail = page.getByRole('region', { name: 'Job detail' });
  // The toggle says the job is saved and what a press will do.
  const unsave = detail.getByRole('button', { name: 'Saved — Unsave' });
  await expect(unsave).toBeVisible();
  await unsave.click();
  const toast = page.getByRole('status').filter({ hasText: 'Unsaved' });
  await expect(toast).toContainText(
    `Unsaved “${UNDO_JOB.title}”. Undo brings back its stage, notes and follow-up date.`,
  );
  await expect(detail.getByRole('button', { name: 'Save job' })).toBeVisible();
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(unsave).toBeVisible();
  // Focus goes back to the toggle, not to <body>.
  await expect(unsave).toBeFocused();
  // The toggle turns at once; the save reaches the service a moment later.
  await expect
    .poll(async () =>
      (await page.request.post('/svc.saved.v1.SavedJobsService/Get', { data: { jobId: UNDO_JOB.id } })).status(),
    )
    .toBe(200);
  expectTracked((await get(page)).job);

  // On the board it is back in Interviewing with its follow-up date.
  await page.goto('/#/saved');
  const card = page
    .getByRole('region', { name: /^Interviewing \d+$/ })
    .getByRole('listitem', { name: new RegExp(`^${UNDO_JOB.title} at`) });
  await expect(card).toContainText('Follow up Mar 14, 2030');
});

test('unsaving with the row star or `s` and saving again later keeps the tracking', async ({ page }) => {
  await track(page);
  const list = await openJobsPatiently(page, `?q=${encodeURIComponent(UNDO_JOB.title)}`);
  const row = list.locator(`[data-key="${UNDO_JOB.id}"]`);
  await expect(row.getByRole('article')).toHaveAccessibleName(/, saved$/);
  await row.locator('.save-toggle').click();
  await expect(row.getByRole('article')).not.toHaveAccessibleName(/, saved$/);
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved' })).toBeVisible();
  // No Undo: the person saves it again a while later with the star.
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await row.locator('.save-toggle').click();
  await expect(row.getByRole('article')).toHaveAccessibleName(/, saved$/);
  expectTracked((await get(page)).job);

  // The keyboard: `s` on the highlighted row unsaves, Undo restores.
  await list.focus();
  await page.keyboard.press('s');
  await expect(row.getByRole('article')).not.toHaveAccessibleName(/, saved$/);
  await page.getByRole('status').filter({ hasText: 'Unsaved' }).getByRole('button', { name: 'Undo' }).click();
  await expect(row.getByRole('article')).toHaveAccessibleName(/, saved$/);
  await expect(list).toBeFocused();
  expectTracked((await get(page)).job);
});
