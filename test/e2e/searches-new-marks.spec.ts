import { api, expect, openJobs, test } from './support/app.js';
import { addJobs } from './support/index-changes.js';

// Issue 18 item 10: opening a saved search with new jobs marks them "New" for that visit; deleting
// a saved search can be undone.

const OLD = { id: '0e2e0000-0000-4000-8000-0000000c0001', title: 'Quokka Warden' };
const NEW = [
  { id: '0e2e0000-0000-4000-8000-0000000c0002', title: 'Quokka Photographer' },
  { id: '0e2e0000-0000-4000-8000-0000000c0003', title: 'Quokka Ranger' },
];

test('the jobs that were new are marked New when the search is opened; Delete has Undo', async ({ page }) => {
  addJobs([OLD]);
  await page.goto('/');
  await api(page, '/svc.searches.v1.SavedSearchesService/Create', {
    name: 'Quokkas (18)',
    query: { query: 'quokka', filters: { sort: 'newest' } },
  });
  await new Promise((r) => setTimeout(r, 20));
  addJobs(NEW);

  await page.goto('/#/searches');
  const item = page.getByRole('list', { name: 'Saved searches' }).getByRole('listitem', { name: 'Quokkas (18)' });
  await expect(item).toContainText('2 new');
  await item.getByRole('button', { name: 'Quokkas (18)', exact: true }).click();
  const list = page.getByRole('listbox', { name: 'Jobs', exact: true });
  for (const j of NEW)
    await expect(list.locator(`[data-key="${j.id}"]`).getByRole('article')).toHaveAccessibleName(
      new RegExp(`^${j.title} at .*, new$`),
    );
  await expect(list.locator(`[data-key="${NEW[0]!.id}"]`).getByText('New', { exact: true })).toBeVisible();
  await expect(list.locator(`[data-key="${OLD.id}"]`).getByText('New', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('new-marks.png') });

  // A search refined from it is another search: no marks.
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill('quokka ranger');
  await expect(list.locator(`[data-key="${NEW[1]!.id}"]`).getByRole('article')).toHaveAccessibleName(
    /Quokka Ranger at [^,]*$/,
  );

  // Delete, then Undo.
  await page.goto('/#/searches');
  await item.getByRole('button', { name: 'Delete Quokkas (18)' }).click();
  await expect(item).toHaveCount(0);
  await page
    .getByRole('status')
    .filter({ hasText: 'Deleted “Quokkas (18)”' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(item).toBeVisible();
  await expect(item).toContainText('0 new');
  await openJobs(page, '?q=quokka');
});
