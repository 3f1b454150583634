import type { Page } from '@playwright/test';
import { expect, openJobs, test } from './support/app.js';

// The bar at the top fits 800 px: the brand on one line, and Settings and "?" in view — also when
// the job index cannot be reached and the bar says so.

async function expectBarFits(page: Page, width: number, when: string) {
  const brand = (await page.getByText('Job Index', { exact: true }).boundingBox())!;
  const line = await page
    .getByText('Job Index', { exact: true })
    .evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect(brand.height, `the brand on one line ${when}`).toBeLessThan(line * 1.5);
  for (const control of [
    page.getByRole('link', { name: 'Settings' }),
    page.getByRole('button', { name: 'Keyboard shortcuts' }),
  ]) {
    const box = (await control.boundingBox())!;
    expect(box.x + box.width, `${await control.getAttribute('aria-label')} in view ${when}`).toBeLessThanOrEqual(width);
  }
}

for (const width of [800, 1050, 1280]) {
  test(`the top bar fits ${width} px, reachable or not`, async ({ page }) => {
    await page.setViewportSize({ width, height: 600 });
    await openJobs(page, '?q=engineer');
    await expectBarFits(page, width, 'online');
    await page.route('**/svc.**', (r) => r.abort('connectionrefused'));
    await page.getByRole('searchbox', { name: 'Search jobs' }).fill('nurse');
    await expect(page.getByRole('status').filter({ hasText: 'Job index not answering' })).toBeVisible();
    await expectBarFits(page, width, 'while unreachable');
  });
}
