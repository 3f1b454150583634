import type { Page } from '@playwright/test';
import { api, expect, jobList, openJobs, rows, test } from './support/app.js';
import { PLACELESS_JOB, UNSEEN_JOBS } from './support/user-fixtures.js';

// The keyboard never drops to <body>: closing a job, or removing a row from a list, leaves the
// focus where the person can carry on.

const focused = (page: Page) => page.locator(':focus');

test('Close on an open job hands the focus back to the list, on Jobs and on Saved', async ({ page }) => {
  const list = await openJobs(page, '?q=engineer');
  await rows(list).nth(1).click();
  const detail = page.getByRole('region', { name: 'Job detail' });
  await detail.getByRole('button', { name: 'Close job' }).focus();
  await page.keyboard.press('Enter');
  await expect(detail.getByRole('button', { name: 'Close job' })).toHaveCount(0);
  await expect(jobList(page)).toBeFocused();

  await api(page, '/svc.saved.v1.SavedJobsService/Save', { jobId: PLACELESS_JOB.id });
  await page.goto(`/#/saved?job=${PLACELESS_JOB.id}`);
  const saved = page.getByRole('region', { name: 'Saved job detail' });
  await saved.getByRole('button', { name: 'Close job' }).focus();
  await page.keyboard.press('Enter');
  await expect(focused(page)).toHaveAccessibleName(new RegExp(`^${PLACELESS_JOB.title} at`));
});

test('Show again and Delete move the focus on to the next row, or to the heading', async ({ page }) => {
  await page.goto('/');
  for (const j of UNSEEN_JOBS) await api(page, '/svc.hiding.v1.HidingService/HideJob', { jobId: j.id });
  await page.goto('/#/hidden');
  await page.getByRole('button', { name: `Show ${UNSEEN_JOBS[0].title} again` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: `Show ${UNSEEN_JOBS[0].title} again` })).toHaveCount(0);
  // Another row is left: its button has the focus.
  await expect(focused(page)).toHaveAccessibleName(/^Show .* again$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: `Show ${UNSEEN_JOBS[1].title} again` })).toHaveCount(0);
  await expect(focused(page)).toHaveAccessibleName(/^Show .* again$|^Hidden jobs$/);

  const names = ['Focus check one', 'Focus check two'];
  for (const name of names)
    await api(page, '/svc.searches.v1.SavedSearchesService/Create', { name, query: { query: 'lamplighter' } });
  await page.goto('/#/searches');
  await page.getByRole('button', { name: `Delete ${names[0]}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: `Delete ${names[0]}` })).toHaveCount(0);
  await expect(focused(page)).toHaveAccessibleName(/^Delete /);
  await api(page, '/svc.searches.v1.SavedSearchesService/List', {}).then(
    async (r: { data: { id: string; name: string }[] }) => {
      for (const s of r.data.filter((x) => x.name === names[1]))
        await api(page, '/svc.searches.v1.SavedSearchesService/Delete', { id: s.id });
    },
  );
});
