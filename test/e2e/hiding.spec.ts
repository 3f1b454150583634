import { expect, listJobs, openJobs, test } from './support/app.js';
import { BLOCK_COMPANY, BLOCK_JOB, HIDE_JOB } from './support/user-fixtures.js';

const ids = async (page: Parameters<typeof listJobs>[0], q: string) =>
  (await listJobs(page, { query: q })).data.map((j) => j.id);

test('hiding a job can be undone at once, or lifted later from Hidden', async ({ page }) => {
  const list = await openJobs(page, `?q=${encodeURIComponent(HIDE_JOB.title)}&job=${HIDE_JOB.id}`);
  const row = list.locator(`[data-key="${HIDE_JOB.id}"]`);
  await expect(row).toBeVisible();
  const detail = page.getByRole('region', { name: 'Job detail' });

  await detail.getByRole('button', { name: 'Hide job' }).click();
  const toast = page.getByRole('status').filter({ hasText: `Hidden: ${HIDE_JOB.title}` });
  await expect(toast).toBeVisible();
  await expect(row).toHaveCount(0);
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(row).toBeVisible();
  expect(await ids(page, HIDE_JOB.title)).toContain(HIDE_JOB.id);

  await row.click();
  await detail.getByRole('button', { name: 'Hide job' }).click();
  await expect(row).toHaveCount(0);
  await page.getByRole('link', { name: 'Hidden', exact: true }).click();
  const hidden = page.getByRole('list', { name: 'Hidden jobs' });
  await expect(hidden).toContainText(HIDE_JOB.title);
  await hidden.getByRole('button', { name: `Show ${HIDE_JOB.title} again` }).click();
  await expect(page.getByRole('main').getByText(HIDE_JOB.title)).toHaveCount(0);
  expect(await ids(page, HIDE_JOB.title)).toContain(HIDE_JOB.id);
});

test('blocking a company leaves all its jobs out until it is unblocked', async ({ page }) => {
  await openJobs(page, `?q=${encodeURIComponent(BLOCK_JOB.title)}&job=${BLOCK_JOB.id}`);
  const detail = page.getByRole('region', { name: 'Job detail' });
  await detail.getByRole('button', { name: 'Block company' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Blocked: ${BLOCK_COMPANY.name}` })).toBeVisible();
  expect(await ids(page, BLOCK_JOB.title)).not.toContain(BLOCK_JOB.id);

  await page.getByRole('link', { name: 'Hidden', exact: true }).click();
  const blocked = page.getByRole('list', { name: 'Blocked companies' });
  await expect(blocked).toContainText(BLOCK_COMPANY.name);
  await page.screenshot({ path: 'test-results/e2e/hidden.png' });
  await blocked.getByRole('button', { name: `Unblock ${BLOCK_COMPANY.name}` }).click();
  await expect(page.getByText('No blocked companies.')).toBeVisible();
  expect(await ids(page, BLOCK_JOB.title)).toContain(BLOCK_JOB.id);
});
