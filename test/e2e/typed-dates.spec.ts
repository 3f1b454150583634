import type { Page, Request } from '@playwright/test';
import { api, expect, expectFirstRows, jobList, listJobs, openJobs, test } from './support/app.js';
import { DATED_JOB } from './support/user-fixtures.js';

// Issue 18 item 1: a date typed digit by digit (month, day, year) is sent once, whole; a half-typed
// year is never sent, never empties the field, and never replaces the results with an error.

test.use({ locale: 'en-US' });

/** Counts the requests to `path` the page sends from now on (the UI speaks binary Connect). */
function countRequests(page: Page, path: string): { n: number } {
  const seen = { n: 0 };
  page.on('request', (r: Request) => {
    if (r.url().endsWith(path)) seen.n++;
  });
  return seen;
}

test('a follow-up date typed as 12312026 is saved as 2026-12-31, and nothing else is sent', async ({ page }) => {
  await page.goto('/');
  await api(page, '/svc.saved.v1.SavedJobsService/Save', { jobId: DATED_JOB.id });
  await page.goto(`/#/saved?job=${DATED_JOB.id}`);
  const saved = page.getByRole('region', { name: 'Saved job detail' });
  await expect(saved.getByRole('heading', { level: 2 })).toContainText(DATED_JOB.title);
  const sent = countRequests(page, '/svc.saved.v1.SavedJobsService/SetFollowUp');
  const field = saved.getByLabel('Follow-up date');
  await field.click({ position: { x: 8, y: 10 } });
  await page.keyboard.type('12312026', { delay: 40 });
  await expect(field).toHaveValue('2026-12-31');
  await expect(saved.getByRole('status').filter({ hasText: 'Follow-up date' })).toHaveText('Follow-up date saved');
  // One request: the whole date (before, each digit of the year sent a date of its own).
  expect(sent.n).toBe(1);
  const back = await api(page, '/svc.saved.v1.SavedJobsService/Get', { jobId: DATED_JOB.id });
  expect(back.job.followUpOn).toBe('2026-12-31');

  // Clearing the field clears the date.
  await field.fill('');
  await expect
    .poll(
      async () => (await api(page, '/svc.saved.v1.SavedJobsService/Get', { jobId: DATED_JOB.id })).job.followUpOn ?? '',
    )
    .toBe('');
});

for (const [key, name] of [
  ['discoveredAfter', 'Discovered after'],
  ['verifiedAfter', 'Verified after'],
] as const) {
  test(`"${name}" typed digit by digit filters once the date is whole, with no error on the way`, async ({ page }) => {
    const list = await openJobs(page);
    const day = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    const [y, m, d] = day.split('-');
    const field = page.getByRole('complementary', { name: 'Search filters' }).getByLabel(name, { exact: true });
    // Records every alert that shows, however briefly.
    await page.evaluate(() => {
      const w = window as unknown as { alerts: string[] };
      w.alerts = [];
      new MutationObserver(() => {
        for (const a of document.querySelectorAll('[role=alert]'))
          if (!w.alerts.includes(a.textContent ?? '')) w.alerts.push(a.textContent ?? '');
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await field.click({ position: { x: 8, y: 10 } });
    for (const digit of `${m}${d}${y}`) {
      await page.keyboard.type(digit);
      // Each digit's answer (if any) has come before the next key.
      await expect(jobList(page).or(page.getByRole('alert'))).not.toHaveAttribute('aria-busy', 'true');
    }
    await expect(field).toHaveValue(day);
    await expect(page).toHaveURL(new RegExp(`${key}=${day}`));
    const expected = await listJobs(page, { filters: { [key]: day }, limit: 5 });
    await expectFirstRows(
      jobList(page),
      expected.data.map((j) => j.id),
    );
    await expect(list).toBeVisible();
    // At no point was the list replaced by a refusal.
    expect(await page.evaluate(() => (window as unknown as { alerts: string[] }).alerts)).toEqual([]);
  });
}
