import type { Page } from '@playwright/test';
import { api, expect, test } from './support/app.js';
import { startIsolatedApp } from './support/isolated-app.js';
import { DRAFT_NOTES_JOB } from './support/user-fixtures.js';

// "A person's typing is never thrown away": text typed and not saved yet survives looking at
// another screen, a save that fails (the service stopped) and a reload.

const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name, exact: true });

test('text typed into the forms of Settings, Sources and Reports is still there after another screen and a reload', async ({
  browser,
}) => {
  // A user file of its own: the shared one is signed in by the report spec, so it shows no sign-in form.
  const own = await startIsolatedApp([]);
  const page = await browser.newPage({ baseURL: own.url });
  try {
    await typeLeaveAndReload(page);
  } finally {
    await page.close();
    await own.stop();
  }
});

async function typeLeaveAndReload(page: Page): Promise<void> {
  const fields = [
    { screen: 'Settings', label: 'Address', text: 'https://jobs.typed.example' },
    { screen: 'Settings', label: 'Sync every (minutes)', text: '45' },
    { screen: 'Sources', label: 'Careers page URL or company name', text: 'greenhouse:typed-but-not-followed' },
    { screen: 'Reports', label: 'E-mail', text: 'typed@example.com' },
  ];
  const open = async (screen: string) =>
    screen === 'Settings' ? page.getByRole('link', { name: 'Settings' }).click() : tab(page, screen).click();
  await page.goto('/#/jobs');
  for (const f of fields) {
    await open(f.screen);
    await page.getByLabel(f.label, { exact: true }).fill(f.text);
    await tab(page, 'Jobs').click();
    await open(f.screen);
    await expect(page.getByLabel(f.label, { exact: true }), `${f.label} after another screen`).toHaveValue(f.text);
  }
  await page.reload();
  for (const f of fields) {
    await open(f.screen);
    await expect(page.getByLabel(f.label, { exact: true }), `${f.label} after a reload`).toHaveValue(f.text);
  }
}

test('notes whose save failed when the job was left are shown again, and saved once the service answers', async ({
  page,
}) => {
  await page.goto('/');
  await api(page, '/svc.saved.v1.SavedJobsService/Save', { jobId: DRAFT_NOTES_JOB.id });
  await page.goto(`/#/saved?job=${DRAFT_NOTES_JOB.id}`);
  const saved = page.getByRole('region', { name: 'Saved job detail' });
  await expect(saved.getByRole('heading', { level: 2 })).toContainText(DRAFT_NOTES_JOB.title);

  // The service stops answering; the person types and goes straight to another screen.
  await page.route('**/svc.saved.v1.SavedJobsService/SetNotes', (r) => r.abort('connectionrefused'));
  // New words each run, so a server reused between runs still sees a change.
  const text = `Hiring manager: Ines. Call back Monday. (${Date.now()})`;
  const failed = page.waitForEvent('requestfailed', (r) => r.url().includes('SetNotes'));
  await saved.getByLabel('Notes').fill(text);
  await tab(page, 'Searches').click();
  await failed;
  await page.unroute('**/svc.saved.v1.SavedJobsService/SetNotes');

  await page.goBack();
  await expect(saved.getByLabel('Notes')).toHaveValue(text);
  await expect(saved.getByText('Notes saved', { exact: true })).toBeVisible();
  const back = await api(page, '/svc.saved.v1.SavedJobsService/Get', { jobId: DRAFT_NOTES_JOB.id });
  expect(back.job.notes).toBe(text);
});

test('the Jobs tab returns to the search as it was left, words, filters and open job', async ({ page }) => {
  await page.goto('/#/jobs?remote=true');
  const box = page.getByRole('searchbox', { name: 'Search jobs' });
  await box.fill('engineer');
  const list = page.getByRole('listbox', { name: 'Jobs', exact: true });
  await list.getByRole('option').first().click();
  const title = await page.getByRole('region', { name: 'Job detail' }).getByRole('heading', { level: 2 }).innerText();
  await tab(page, 'Saved').click();
  await tab(page, 'Jobs').click();
  await expect(box).toHaveValue('engineer');
  await expect(page.getByRole('combobox', { name: 'Remote' })).toHaveValue('true');
  await expect(page.getByRole('region', { name: 'Job detail' }).getByRole('heading', { level: 2 })).toHaveText(title);
});
