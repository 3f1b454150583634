import type { Page } from '@playwright/test';
import { expect, expectFirstRows, jobList, listJobs, openJobs, test } from './support/app.js';

const SELECTS = [
  ['country', 'Country'],
  ['city', 'City'],
  ['remote', 'Remote'],
  ['workMode', 'Work mode'],
  ['employmentType', 'Employment type'],
  ['companyId', 'Company'],
  ['seniority', 'Seniority'],
] as const;

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

async function expectResultsFor(page: Page, filters: Record<string, unknown>) {
  const expected = await listJobs(page, { filters, limit: 6 });
  expect(expected.data.length, JSON.stringify(filters)).toBeGreaterThan(0);
  await expectFirstRows(
    jobList(page),
    expected.data.map((j) => j.id),
  );
}

for (const [key, name] of SELECTS) {
  test(`filter ${name}: choices with counts, apply, then clear`, async ({ page }) => {
    await openJobs(page);
    const panel = page.getByRole('complementary', { name: 'Search filters' });
    const select = panel.getByLabel(name, { exact: true });
    const option = select.locator('option').nth(1);
    // Choices come from MetaService.ListFacets, with counts.
    await expect(option).toHaveText(/\(\d[\d,]*\)$/);
    const value = (await option.getAttribute('value'))!;
    await select.selectOption(value);
    await expect(page).toHaveURL(new RegExp(`[?&]${key}=${encodeURIComponent(value)}(&|$)`));
    const wire = key === 'remote' ? value === 'true' : value;
    await expectResultsFor(page, { [key]: wire });
    const unfiltered = await listJobs(page, { limit: 6 });
    await page.getByRole('button', { name: new RegExp(`^Remove filter ${name}:`) }).click();
    await expect(page).not.toHaveURL(new RegExp(`${key}=`));
    await expect(select).toHaveValue('');
    await expectFirstRows(
      jobList(page),
      unfiltered.data.map((j) => j.id),
    );
  });
}

const INPUTS = [
  ['salaryMin', 'At least', '100000', 100000],
  ['salaryMax', 'At most', '40000', 40000],
  ['discoveredAfter', 'Discovered after', daysAgo(7), daysAgo(7)],
  ['verifiedAfter', 'Verified after', daysAgo(3), daysAgo(3)],
] as const;

for (const [key, name, typed, wire] of INPUTS) {
  test(`filter ${key}: apply, then clear`, async ({ page }) => {
    await openJobs(page);
    const field = page.getByRole('complementary', { name: 'Search filters' }).getByLabel(name, { exact: true });
    await field.fill(typed);
    await expect(page).toHaveURL(new RegExp(`[?&]${key}=${typed}(&|$)`));
    // The screen's pay fields are comparable yearly pay in the locale's currency (en-US: USD).
    const sent =
      key === 'salaryMin'
        ? { payMin: wire, payCurrency: 'USD' }
        : key === 'salaryMax'
          ? { payMax: wire, payCurrency: 'USD' }
          : { [key]: wire };
    await expectResultsFor(page, { ...sent, sort: 'relevance' });
    await page.getByRole('button', { name: /^Remove filter / }).click();
    await expect(page).not.toHaveURL(new RegExp(`${key}=`));
    await expect(field).toHaveValue('');
  });
}

test('several filters combine, and Clear all filters removes them', async ({ page }) => {
  const list = await openJobs(page);
  const panel = page.getByRole('complementary', { name: 'Search filters' });
  await panel.getByLabel('Employment type', { exact: true }).selectOption('full_time');
  await panel.getByLabel('Remote', { exact: true }).selectOption('true');
  await expectResultsFor(page, { employmentType: 'full_time', remote: true });
  await page.getByRole('button', { name: 'Clear all filters' }).click();
  await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);
  const unfiltered = await listJobs(page, { limit: 5 });
  await expectFirstRows(
    list,
    unfiltered.data.map((j) => j.id),
  );
});

// salary_desc is not offered on screen (ui-sorts.ts): honest-search.spec.ts.
for (const sort of ['relevance', 'newest', 'recently_verified', 'company', 'pay_desc'] as const) {
  test(`sort by ${sort} orders as the service does`, async ({ page }) => {
    await openJobs(page, '?q=engineer');
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption(sort);
    if (sort !== 'relevance') await expect(page).toHaveURL(new RegExp(`sort=${sort}`));
    const expected = await listJobs(page, { query: 'engineer', filters: { sort }, limit: 8 });
    await expectFirstRows(
      jobList(page),
      expected.data.map((j) => j.id),
    );
  });
}
