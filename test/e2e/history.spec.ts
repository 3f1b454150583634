import { expect, jobList, listJobs, openJobs, rows, test } from './support/app.js';

// Issue 18 item 6: each view a person would go back to (a search, a job) is its own history
// entry; typing is not; Back never leaves the app while it has somewhere to return to.

test('Back steps through a similar job, a job, a filter and typing, and stays in the app', async ({ page }) => {
  await openJobs(page, '?q=engineer');
  const detail = page.getByRole('region', { name: 'Job detail' });
  const heading = detail.getByRole('heading', { level: 2 });

  // Typing refines this entry: Back does not undo keystrokes.
  const box = page.getByRole('searchbox', { name: 'Search jobs' });
  await box.fill('engineer senior');
  await expect(page).toHaveURL(/q=engineer\+senior/);

  // A filter: its own entry.
  await page
    .getByRole('complementary', { name: 'Search filters' })
    .getByLabel('Remote', { exact: true })
    .selectOption('true');
  await expect(page).toHaveURL(/remote=true/);

  // A job, then a similar job: each its own entry.
  const first = (await listJobs(page, { query: 'engineer senior', filters: { remote: true }, limit: 1 })).data[0]!;
  await rows(jobList(page)).first().click();
  await expect(heading).toHaveText(first.title);
  const similar = detail
    .getByRole('region', { name: 'Similar jobs' })
    .or(detail.locator('.similar'))
    .first()
    .getByRole('button')
    .first();
  const similarTitle = (await similar.locator('.similar__title').textContent())!;
  await similar.click();
  await expect(heading).toHaveText(similarTitle);

  await page.goBack();
  await expect(heading).toHaveText(first.title);
  await expect(page).toHaveURL(new RegExp(`job=${first.id}`));
  await page.goBack();
  await expect(page).not.toHaveURL(/job=/);
  await expect(page).toHaveURL(/remote=true/);
  await page.goBack();
  await expect(page).not.toHaveURL(/remote=/);
  await expect(page).toHaveURL(/#\/jobs\?q=engineer\+senior$/);
  await expect(box).toHaveValue('engineer senior');
  expect(page.url()).not.toBe('about:blank');
});
