import { expect, openJobs, test } from './support/app.js';
import { DATED_JOB } from './support/user-fixtures.js';

// Issue 18 item 7: the spec's raw values (onsite, full_time, mid, ats) never reach the screen.

test('filter choices, chips and the detail use words, not wire values', async ({ page }) => {
  await openJobs(page);
  const panel = page.getByRole('complementary', { name: 'Search filters' });
  for (const [name, raw] of [
    ['Work mode', /onsite|hybrid\b(?! )/],
    ['Employment type', /full_time|part_time/],
    ['Seniority', /^mid\b/],
  ] as const) {
    const texts = await panel.getByLabel(name, { exact: true }).locator('option').allTextContents();
    expect(
      texts.filter((t) => raw.test(t)),
      name,
    ).toEqual([]);
  }
  await panel.getByLabel('Work mode', { exact: true }).selectOption('onsite');
  await panel.getByLabel('Employment type', { exact: true }).selectOption('full_time');
  await panel.getByLabel('Seniority', { exact: true }).selectOption('mid');
  const chips = page.getByRole('list', { name: 'Active filters' });
  await expect(chips).toContainText('Work mode: On-site');
  await expect(chips).toContainText('Employment type: Full-time');
  await expect(chips).toContainText('Seniority: Mid-level');
  await expect(chips).not.toContainText('onsite');

  await page.goto(`/#/jobs?q=${encodeURIComponent(DATED_JOB.title)}&job=${DATED_JOB.id}`);
  const detail = page.getByRole('region', { name: 'Job detail' });
  await expect(detail.getByRole('definition').filter({ hasText: 'Greenhouse' })).toHaveText(
    'Greenhouse (applicant tracking system)',
  );
});
