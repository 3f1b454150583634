import { api, expect, test } from './support/app.js';
import { NOTES_JOB, OTHER_NOTES_JOB } from './support/user-fixtures.js';

// Issue 18 item 2: notes save as they are typed; opening another job straight away loses nothing.

test('notes typed on a saved job survive opening another job at once, and say they are saved', async ({ page }) => {
  await page.goto('/');
  for (const jobId of [NOTES_JOB.id, OTHER_NOTES_JOB.id])
    await api(page, '/svc.saved.v1.SavedJobsService/Save', { jobId });
  await page.goto(`/#/saved?job=${NOTES_JOB.id}`);
  const saved = page.getByRole('region', { name: 'Saved job detail' });
  await expect(saved.getByRole('heading', { level: 2 })).toContainText(NOTES_JOB.title);
  const notes = saved.getByLabel('Notes');

  // Typed, then straight to another card: no button pressed, no pause.
  await notes.fill('Recruiter: Maren. Portfolio due Friday.');
  const card = (title: string) => page.getByRole('listitem', { name: new RegExp(`^${title} at`) });
  await card(OTHER_NOTES_JOB.title).click();
  await expect(saved.getByRole('heading', { level: 2 })).toContainText(OTHER_NOTES_JOB.title);
  await card(NOTES_JOB.title).click();
  await expect(saved.getByRole('heading', { level: 2 })).toContainText(NOTES_JOB.title);
  await expect(notes).toHaveValue('Recruiter: Maren. Portfolio due Friday.');

  // Typing pauses: saved, and it says so.
  await notes.fill('Recruiter: Maren. Portfolio sent.');
  await expect(saved.getByText('Not saved yet')).toBeVisible();
  await expect(saved.getByText('Notes saved', { exact: true })).toBeVisible();
  const back = await api(page, '/svc.saved.v1.SavedJobsService/Get', { jobId: NOTES_JOB.id });
  expect(back.job.notes).toBe('Recruiter: Maren. Portfolio sent.');
  await page.reload();
  await expect(notes).toHaveValue('Recruiter: Maren. Portfolio sent.');
});
