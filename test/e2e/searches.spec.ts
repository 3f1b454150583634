import { expect, openJobs, test } from './support/app.js';
import { addJobs } from './support/index-changes.js';
import { NEW_WORD, OLD_ZEPPELIN_JOB } from './support/user-fixtures.js';

const NEW_JOBS = [
  { id: '0e2e0000-0000-4000-8000-0000000b0001', title: 'Zeppelin Navigator' },
  { id: '0e2e0000-0000-4000-8000-0000000b0002', title: 'Zeppelin Envelope Engineer' },
];

test('a saved search counts only jobs that arrived after it was saved, and opening it resets the count', async ({
  page,
}) => {
  const list = await openJobs(page, `?q=${NEW_WORD}&sort=newest`);
  await expect(list.locator(`[data-key="${OLD_ZEPPELIN_JOB.id}"]`)).toBeVisible();

  await page.getByRole('button', { name: 'Save search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await expect(dialog.getByLabel('Name')).toHaveValue(NEW_WORD);
  await dialog.getByLabel('Name').fill('Airships');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved search “Airships”' })).toBeVisible();

  // What the index held when it was saved is not new.
  await page.getByRole('link', { name: /^Searches(, \d+ new)?$/ }).click();
  const item = page.getByRole('list', { name: 'Saved searches' }).getByRole('listitem', { name: 'Airships' });
  await expect(item).toContainText('0 new');

  // A sync brings two matching jobs.
  addJobs(NEW_JOBS);
  await page.reload();
  await expect(item).toContainText('2 new');
  await page.screenshot({ path: 'test-results/e2e/saved-searches.png' });

  // Opening shows the search with its sort; the new jobs are in it; the count starts again.
  await item.getByRole('button', { name: 'Airships', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`#/jobs\\?q=${NEW_WORD}&sort=newest`));
  await expect(page.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue(NEW_WORD);
  for (const j of NEW_JOBS) await expect(list.locator(`[data-key="${j.id}"]`)).toBeVisible();
  await page.getByRole('link', { name: /^Searches(, \d+ new)?$/ }).click();
  await expect(item).toContainText('0 new');
});
