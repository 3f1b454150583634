import type { Page } from '@playwright/test';
import { expect, jobList, listJobs, test } from './support/app.js';
import { startIsolatedApp, type IsolatedApp } from './support/isolated-app.js';

// Issue 18 item 13: after Hide job or Block company the focus lands on the row that followed,
// not on <body>. A user file of its own: hiding and blocking here must not change other specs.

let own: IsolatedApp;
test.beforeAll(async () => {
  own = await startIsolatedApp([]);
});
test.afterAll(async () => {
  await own.stop();
});

/** The focused element is the list, and its active row is this job. */
async function expectFocusOn(page: Page, id: string) {
  const list = jobList(page);
  await expect(list).toBeFocused();
  await expect(list.locator('.is-active')).toHaveAttribute('data-key', id);
  const active = await list.getAttribute('aria-activedescendant');
  await expect(page.locator(`[id="${active}"]`)).toHaveAttribute('data-key', id);
}

test('Hide job moves the focus to the next row', async ({ page }) => {
  await page.goto(`${own.url}/#/jobs?q=engineer`);
  const jobs = (await listJobs(page, { query: 'engineer', limit: 4 })).data;
  await jobList(page).locator(`[data-key="${jobs[1]!.id}"]`).click();
  await page.getByRole('region', { name: 'Job detail' }).getByRole('button', { name: 'Hide job' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Hidden: ${jobs[1]!.title}` })).toBeVisible();
  await expect(jobList(page).locator(`[data-key="${jobs[1]!.id}"]`)).toHaveCount(0);
  await expectFocusOn(page, jobs[2]!.id);
  // The keyboard goes on from there.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`job=${jobs[2]!.id}`));
});

test('Block company moves the focus to the next row of another company', async ({ page }) => {
  await page.goto(`${own.url}/#/jobs?q=manager`);
  const jobs = (await listJobs(page, { query: 'manager', limit: 20 })).data as Array<{
    id: string;
    companyName: string;
  }>;
  const at = 0;
  const next = jobs.slice(at + 1).find((j) => j.companyName !== jobs[at]!.companyName)!;
  await jobList(page).locator(`[data-key="${jobs[at]!.id}"]`).click();
  await page.getByRole('region', { name: 'Job detail' }).getByRole('button', { name: 'Block company' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Blocked: ${jobs[at]!.companyName}` })).toBeVisible();
  await expectFocusOn(page, next.id);
});
