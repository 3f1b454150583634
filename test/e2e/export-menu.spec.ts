import { expect, openJobs, rows, test } from './support/app.js';

// The Export menu closes as menus do: Esc (the focus back on its button), or a click elsewhere. It
// stayed open over the Save search and Report dialogs that came after.

test('the Export menu closes on Esc and on a click elsewhere', async ({ page }) => {
  const list = await openJobs(page, '?q=engineer');
  const menu = page.getByRole('menu', { name: 'Export these results as' });
  await page.getByLabel('Export these results', { exact: true }).click();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByLabel('Export these results', { exact: true })).toBeFocused();

  await page.getByLabel('Export these results', { exact: true }).click();
  await expect(menu).toBeVisible();
  await rows(list).nth(1).click();
  await expect(menu).toBeHidden();
  // The click still did what it was for.
  await expect(page.getByRole('region', { name: 'Job detail' }).getByRole('heading', { level: 2 })).toBeVisible();
});
