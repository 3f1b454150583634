import { api, expect, listJobs, openJobs, test } from './support/app.js';
import { purgeSavedJob } from './support/index-changes.js';
import { OLD_ZEPPELIN_JOB, TRACKED_JOB } from './support/user-fixtures.js';

// Save → move through the pipeline → notes and follow-up → the job leaves the index → its saved
// copy still reads, shown closed with the day it was last seen open.

test('a saved job moves through the pipeline, keeps notes, and stays readable after it left the index', async ({
  page,
}) => {
  const list = await openJobs(page, `?q=${encodeURIComponent(TRACKED_JOB.title)}`);
  const row = list.locator(`[data-key="${TRACKED_JOB.id}"]`);
  // The row's star is for the mouse (keyboard: `s`, or the detail); the row's name says saved.
  const rowSave = row.locator('.save-toggle');
  const rowSaved = () => expect(row.getByRole('article')).toHaveAccessibleName(/, saved$/);
  const rowNotSaved = () => expect(row.getByRole('article')).not.toHaveAccessibleName(/, saved$/);
  await rowNotSaved();

  // Save from the row: the row does not open, the button shows it saved.
  await rowSave.click();
  await rowSaved();
  await expect(page).not.toHaveURL(/job=/);

  // Unsave and save again from the detail; the row follows.
  await row.click();
  const detail = page.getByRole('region', { name: 'Job detail' });
  // The toggle names what a press does (issue 31 item 1).
  await detail.getByRole('button', { name: 'Saved — Unsave' }).click();
  await rowNotSaved();
  await detail.getByRole('button', { name: 'Save job' }).click();
  await rowSaved();

  // The board: the job starts at Saved; a button moves it, then the keyboard.
  await page.getByRole('link', { name: 'Saved', exact: true }).click();
  const column = (stage: string) => page.getByRole('region', { name: new RegExp(`^${stage} \\d+$`) });
  const card = (stage: string) => column(stage).getByRole('listitem', { name: new RegExp(`^${TRACKED_JOB.title} at`) });
  await expect(card('Saved')).toBeVisible();
  await card('Saved').getByRole('button', { name: 'Move to Applied' }).click();
  await expect(card('Applied')).toBeVisible();
  await expect(card('Saved')).toHaveCount(0);
  await card('Applied').focus();
  await page.keyboard.press('ArrowRight');
  await expect(card('Interviewing')).toBeVisible();
  await expect(card('Interviewing')).toBeFocused();
  await page.screenshot({ path: 'test-results/e2e/saved-board.png' });

  // Its detail: stage, every move with its date, notes and a follow-up date.
  await page.keyboard.press('Enter');
  const saved = page.getByRole('region', { name: 'Saved job detail' });
  await expect(saved.getByRole('heading', { level: 2 })).toContainText(TRACKED_JOB.title);
  await expect(saved.getByLabel('Stage', { exact: true })).toHaveValue('interviewing');
  await expect(saved.getByRole('list', { name: 'Stage history' }).getByRole('listitem')).toHaveText([
    /^Saved /,
    /^Applied /,
    /^Interviewing /,
  ]);
  await saved.getByLabel('Notes').fill('Spoke to Ana; second round on Tuesday.');
  // Notes save as they are typed.
  await expect(saved.getByText('Notes saved', { exact: true })).toBeVisible();
  await saved.getByLabel('Follow-up date').fill('2030-03-14');
  await expect(saved.getByRole('status')).toHaveText('Follow-up date saved');
  await expect(card('Interviewing')).toContainText('Follow up Mar 14, 2030');

  // The list view: filter by stage, sort.
  await page.getByRole('button', { name: 'List' }).click();
  const table = page.getByRole('table', { name: 'Saved jobs' });
  await page.getByLabel('Filter by stage').selectOption('interviewing');
  await expect(table.getByRole('row', { name: new RegExp(TRACKED_JOB.title) })).toContainText('Interviewing');
  await page.getByLabel('Sort saved jobs by').selectOption('follow_up');
  await expect(page).toHaveURL(/view=list&stage=interviewing&sort=follow_up/);
  await page.getByLabel('Filter by stage').selectOption('withdrawn');
  await expect(page.getByText('No saved job is at this stage.')).toBeVisible();
  await page.getByLabel('Filter by stage').selectOption('');
  await expect(table.getByRole('row', { name: new RegExp(TRACKED_JOB.title) })).toBeVisible();

  // The upstream drops the job; a sync takes it out of the index and marks the saved copy closed.
  await purgeSavedJob(TRACKED_JOB.id);
  await page.reload();
  await expect(saved.getByRole('heading', { level: 2 })).toContainText(TRACKED_JOB.title);
  await expect(saved.getByRole('heading', { level: 2 })).toContainText('Closed');
  // It was open when saved (today), and no check has seen it open since.
  const today = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date());
  await expect(saved.getByRole('note')).toContainText(`last seen open on ${today}`);
  await expect(saved.getByLabel('Notes')).toHaveValue('Spoke to Ana; second round on Tuesday.');
  await expect(saved.getByText(`${TRACKED_JOB.title}: a job for the browser tests.`)).toBeVisible();
  await expect(saved.getByRole('link', { name: 'Apply' })).toHaveCount(0);
  await expect(table.getByRole('row', { name: new RegExp(TRACKED_JOB.title) })).toContainText('Closed');
  await page.screenshot({ path: 'test-results/e2e/saved-closed.png' });

  // Search no longer finds it.
  const found = await listJobs(page, { query: TRACKED_JOB.title });
  expect(found.data.map((j) => j.id)).not.toContain(TRACKED_JOB.id);
});

test('a card dragged onto another column moves to that stage', async ({ page }) => {
  await page.goto('/');
  await api(page, '/svc.saved.v1.SavedJobsService/Save', { jobId: OLD_ZEPPELIN_JOB.id });
  await page.goto('/#/saved');
  const column = (stage: string) => page.getByRole('region', { name: new RegExp(`^${stage} \\d+$`) });
  const card = (stage: string) =>
    column(stage).getByRole('listitem', { name: new RegExp(`^${OLD_ZEPPELIN_JOB.title} at`) });
  await card('Saved').dragTo(column('Offer'));
  await expect(card('Offer')).toBeVisible();
  await expect(card('Saved')).toHaveCount(0);
  const saved = await api(page, '/svc.saved.v1.SavedJobsService/Get', { jobId: OLD_ZEPPELIN_JOB.id });
  expect(saved.job.stage).toBe('offer');
});
