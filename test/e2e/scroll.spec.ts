import { expect, jobList, listJobs, openJobs, rows, test } from './support/app.js';

test('scrolling the list walks the cursor pages: page three shows the service page three', async ({ page }) => {
  const list = await openJobs(page);
  // The service's own pages 1–3 (the app asks for 50 at a time).
  const p1 = await listJobs(page, { limit: 50 });
  const p2 = await listJobs(page, { limit: 50, cursor: p1.pagination.nextCursor });
  const p3 = await listJobs(page, { limit: 50, cursor: p2.pagination.nextCursor });
  expect(p3.data.length).toBe(50);
  const pages: string[] = [];
  page.on('request', (r) => r.url().endsWith('.JobsService/List') && pages.push(r.url()));
  for (let i = 0; i < 40 && Number(await list.getAttribute('data-loaded')) < 150; i++) {
    await list.evaluate((el) => el.scrollBy(0, el.clientHeight));
    await page.waitForTimeout(60);
  }
  await expect(list).toHaveAttribute('data-loaded', /^(1[5-9]\d|[2-9]\d\d)$/);
  expect(pages.length).toBeGreaterThanOrEqual(2);
  // Row 101..150 are page three, in order, with nothing repeated or skipped.
  const target = p3.data[10]!;
  await list.evaluate((el) => (el.scrollTop = 108 * 88 - 10));
  const row = list.locator(`[role=option][aria-posinset="111"]`);
  await expect(row).toHaveAttribute('data-key', target.id);
  await expect(row).toContainText(target.title);
  // Only the rows in view exist in the DOM: the list stays light however far it goes.
  expect(await rows(list).count()).toBeLessThan(40);
  await page.screenshot({ path: test.info().outputPath('page-three.png') });
});

test('the list keeps scrolling smoothly past thousands of jobs (virtualized)', async ({ page }) => {
  const list = await openJobs(page);
  for (let i = 0; i < 25; i++) {
    await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await page.waitForTimeout(80);
  }
  const loaded = Number(await list.getAttribute('data-loaded'));
  expect(loaded).toBeGreaterThan(500);
  expect(await rows(jobList(page)).count()).toBeLessThan(40);
});
