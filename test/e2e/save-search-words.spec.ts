import { api, expect, openJobs, test } from './support/app.js';

// Issue 18 item 9: saving a search tells the person what to do: a name already used can be
// changed or replaced; a search with filters only gets a name built from them.

test('a name already used: choose another or replace; a filters-only search is named from its filters', async ({
  page,
}) => {
  await openJobs(page, '?country=DE&remote=true');
  await page.getByRole('button', { name: 'Save search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  const name = dialog.getByLabel('Name');
  await expect(name).toHaveValue('Germany · Remote only');

  // An empty name is not refused with "name: is required": the suggestion comes back.
  await name.fill('');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Give the search a name; “Germany · Remote only” is suggested from its filters.',
  );
  await expect(name).toHaveValue('Germany · Remote only');
  await name.fill('Remote in Germany (18)');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved search “Remote in Germany (18)”' })).toBeVisible();

  // The same name again, for another search.
  await page.goto('/#/jobs?country=DE&remote=false');
  await page.getByRole('button', { name: 'Save search' }).click();
  await name.fill('Remote in Germany (18)');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'You already have a saved search called “Remote in Germany (18)”. Choose another name, or replace that search with this one.',
  );
  await expect(dialog.getByRole('alert')).not.toContainText('restart');
  await dialog.getByRole('button', { name: 'Replace “Remote in Germany (18)”' }).click();
  await expect(dialog).toBeHidden();
  const mine = async () =>
    (await api(page, '/svc.searches.v1.SavedSearchesService/List', {})).data
      .filter((s: { name: string }) => s.name === 'Remote in Germany (18)')
      .map((s: { query: { filters: { remote?: boolean } } }) => s.query.filters.remote ?? false);
  // One search of that name, now the one without remote jobs.
  await expect.poll(mine).toEqual([false]);
});
