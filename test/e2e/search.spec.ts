import {
  expect,
  expectFirstRows,
  firstIds,
  holdListAnswers,
  jobList,
  listJobs,
  openJobs,
  rows,
  test,
} from './support/app.js';

test('typing a query shows its ranked results, in the service order, and puts it in the URL', async ({ page }) => {
  await openJobs(page);
  await page.getByRole('searchbox', { name: 'Search jobs' }).pressSequentially('nurse', { delay: 30 });
  const expected = await listJobs(page, { query: 'nurse', limit: 8 });
  expect(expected.data.length).toBeGreaterThan(3);
  await expectFirstRows(
    jobList(page),
    expected.data.map((j) => j.id),
  );
  // Ranked: the title tier comes first, so the top row's title holds the word.
  await expect(rows(jobList(page)).first()).toContainText(/nurs/i);
  await expect(page).toHaveURL(/#\/jobs\?q=nurse$/);
  await page.screenshot({ path: test.info().outputPath('search-results.png') });
});

test('a newer query wins: answers to earlier keystrokes never replace it', async ({ page }) => {
  await openJobs(page);
  // Slow the service down for the first query so its answer arrives last.
  await page.route('**/svc.jobs.v1.JobsService/List', async (route) => {
    const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
    if (body.includes('designer')) await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  const box = page.getByRole('searchbox', { name: 'Search jobs' });
  await box.fill('designer');
  await page.waitForTimeout(100);
  await box.fill('accountant');
  const expected = await listJobs(page, { query: 'accountant', limit: 6 });
  await expectFirstRows(
    jobList(page),
    expected.data.map((j) => j.id),
  );
  await page.waitForTimeout(1200);
  await expectFirstRows(
    jobList(page),
    expected.data.map((j) => j.id),
  );
  await expect(box).toHaveValue('accountant');
});

test('while a slow answer is on its way, the older results stay on screen, busy and dimmed', async ({ page }) => {
  const list = await openJobs(page);
  const before = await firstIds(list, 3);
  const release = await holdListAnswers(page);
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill('nurse');
  await expect(list).toHaveAttribute('aria-busy', 'true');
  await expect(list).toHaveClass(/vlist--stale/);
  expect(await rows(list).evaluateAll((els) => els.slice(0, 3).map((e) => e.getAttribute('data-key')))).toEqual(before);
  release();
  const expected = await listJobs(page, { query: 'nurse', limit: 5 });
  await expectFirstRows(
    list,
    expected.data.map((j) => j.id),
  );
  await expect(list).not.toHaveClass(/vlist--stale/);
});

test('a query with no match says so and offers to clear the filters', async ({ page }) => {
  await page.goto('/#/jobs?country=IS&q=zzzzqqq');
  await expect(page.getByRole('status').filter({ hasText: 'No jobs match' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/#\/jobs\?q=zzzzqqq$/);
});

test('an unreachable service shows what happened and the list recovers', async ({ page }) => {
  await openJobs(page);
  await page.route('**/svc.jobs.v1.JobsService/List', (r) => r.abort('connectionrefused'));
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill('engineer');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The job index is not answering');
  // What to do, in words: not the browser's "Failed to fetch" (issue 31 item 7).
  await expect(alert).toContainText('check that `jobindex serve` (or `npm run web`) still runs');
  await expect(alert).not.toContainText('Failed to fetch');
  await expect(page.getByRole('status').filter({ hasText: 'Job index not answering' })).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
  // Back: the list asks again by itself (issue 31 item 7), no Retry needed.
  await page.unroute('**/svc.jobs.v1.JobsService/List');
  const expected = await listJobs(page, { query: 'engineer', limit: 3 });
  // Within the backoff (at most 10 s between tries).
  await expect.poll(() => firstIds(jobList(page), 3), { timeout: 20_000 }).toEqual(expected.data.map((j) => j.id));
  await expect(page.getByText('Job index not answering')).toHaveCount(0);
});

test('a refused request names the field', async ({ page }) => {
  // A hand-edited link with an impossible date: the service refuses it, naming the field.
  await page.goto('/#/jobs?discoveredAfter=2026-02-30');
  await expect(page.getByRole('alert')).toContainText('discoveredAfter');
});

test('the offline indicator follows the network', async ({ page, context }) => {
  await openJobs(page);
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toHaveCount(0);
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toHaveCount(0);
});
