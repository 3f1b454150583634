import { expect, jobList, listJobs, openJobs, test } from './support/app.js';

test('keyboard: / focuses search, j/k move, Enter opens, Esc goes back, ? lists the shortcuts', async ({ page }) => {
  await openJobs(page, '?q=engineer');
  const expected = await listJobs(page, { query: 'engineer', limit: 4 });
  const ids = expected.data.map((j) => j.id);
  const list = jobList(page);
  await page.locator('body').click({ position: { x: 5, y: 5 } });

  await page.keyboard.press('/');
  const box = page.getByRole('searchbox', { name: 'Search jobs' });
  await expect(box).toBeFocused();
  // The query is selected: what is typed replaces it. Typing j in the box is text, not a shortcut.
  await page.keyboard.type('j');
  await expect(box).toHaveValue('j');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('engineer');
  await page.keyboard.press('Escape');
  await expect(box).not.toBeFocused();

  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  const active = list.locator('.is-active');
  await expect(active).toHaveAttribute('data-key', ids[1]!);
  await expect(list).toHaveAttribute('aria-activedescendant', (await active.getAttribute('id'))!);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`job=${ids[1]}`));
  await expect(page.getByRole('region', { name: 'Job detail' }).getByRole('heading', { level: 2 })).toHaveText(
    expected.data[1]!.title,
  );
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`job=${ids[2]}`));
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/job=/);
  await expect(page.getByRole('region', { name: 'Job detail' }).getByRole('heading', { level: 2 })).toHaveCount(0);

  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  for (const key of ['/', 'j', 'k', 'Enter', 'Esc', '?'])
    await expect(dialog.getByRole('rowheader', { name: key, exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('shortcuts.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('keyboard in the list itself: arrows and Enter; Enter in the search box moves to the results', async ({
  page,
}) => {
  await openJobs(page, '?q=engineer');
  const expected = await listJobs(page, { query: 'engineer', limit: 3 });
  await page.getByRole('searchbox', { name: 'Search jobs' }).focus();
  await page.keyboard.press('Enter');
  const list = jobList(page);
  await expect(list).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`job=${expected.data[1]!.id}`));
});

test('Esc on a company page goes back', async ({ page }) => {
  await page.goto('/#/companies');
  await page.getByRole('listbox', { name: 'Companies' }).getByRole('option').first().click();
  await expect(page).toHaveURL(/#\/company\//);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/#\/companies$/);
});

test('with a job open, j and k move the open job; the window title names the screen and the job', async ({ page }) => {
  await openJobs(page, '?q=engineer');
  await expect(page).toHaveTitle('Jobs – Job Index');
  const expected = (await listJobs(page, { query: 'engineer', limit: 3 })).data;
  const detail = page.getByRole('region', { name: 'Job detail' }).getByRole('heading', { level: 2 });
  await jobList(page).getByRole('option').first().click();
  await expect(detail).toHaveText(expected[0]!.title);
  await expect(page).toHaveTitle(`${expected[0]!.title} at ${expected[0]!.companyName} – Jobs – Job Index`);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('j');
  await expect(detail).toHaveText(expected[1]!.title);
  await expect(page).toHaveURL(new RegExp(`job=${expected[1]!.id}`));
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await expect(page).toHaveURL(new RegExp(`job=${expected[1]!.id}`));
  await expect(page).toHaveTitle(new RegExp(`^${expected[1]!.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} at`));
  await page.getByRole('link', { name: 'Saved', exact: true }).click();
  await expect(page).toHaveTitle('Saved jobs – Job Index');
});
