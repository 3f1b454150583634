import type { Locator, Page } from '@playwright/test';
import { api, expect, listJobs, openJobs, rows, test } from './support/app.js';

// Issue 18 items 4 and 8: the filter counts follow the query and the other filters, choices that
// would give nothing are not offered, and the list says how many jobs match.

/** Every job a search finds, page by page. */
async function countAll(page: Page, query: Record<string, unknown>): Promise<number> {
  let n = 0;
  let cursor: string | undefined;
  do {
    const r = await listJobs(page, { ...query, limit: 100, ...(cursor ? { cursor } : {}) });
    n += r.data.length;
    cursor = r.pagination.hasMore ? r.pagination.nextCursor : undefined;
  } while (cursor);
  return n;
}

/** The choices of a select as [value, count], without "Any". */
async function choices(select: Locator): Promise<Array<[string, number]>> {
  const opts = await select
    .locator('option')
    .evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent ?? ''] as const));
  return opts
    .filter(([v]) => v !== '')
    .map(([v, t]) => [v, Number(/\(([\d,]+)\)$/.exec(t)?.[1]?.replace(/,/g, '') ?? NaN)]);
}

test('with a query and a country, the city choices count only jobs they would show, and the count is exact', async ({
  page,
}) => {
  await openJobs(page, '?q=engineer');
  const panel = page.getByRole('complementary', { name: 'Search filters' });
  const engineer = await countAll(page, { query: 'engineer' });
  // The list says how many, not "50+".
  await expect(page.locator('.count')).toHaveText(`${engineer.toLocaleString('en')} jobs`);

  // The country counts follow the query.
  const country = panel.getByLabel('Country', { exact: true });
  await expect
    .poll(async () => (await choices(country)).reduce((n, [, c]) => Math.max(n, c), 0))
    .toBeLessThanOrEqual(engineer);
  const [code, n] = (await choices(country))[0]!;
  expect(n).toBe(await countAll(page, { query: 'engineer', filters: { country: code } }));

  await country.selectOption(code);
  await expect(page.locator('.count')).toHaveText(`${n.toLocaleString('en')} ${n === 1 ? 'job' : 'jobs'}`);
  const city = panel.getByLabel('City', { exact: true });
  // Every city offered gives the jobs it says.
  await expect
    .poll(async () => (await choices(city)).reduce((s, [, c]) => s + c, 0), { timeout: 10_000 })
    .toBeGreaterThanOrEqual(n);
  const cities = await choices(city);
  expect(cities.length).toBeGreaterThan(0);
  for (const [value, count] of cities.slice(0, 3)) {
    expect(count, value).toBe(await countAll(page, { query: 'engineer', filters: { country: code, city: value } }));
  }
  expect(cities.every(([, c]) => c > 0)).toBe(true);
  // The country choices still show the other countries (a facet is counted without its own filter).
  expect((await choices(country)).length).toBeGreaterThan(1);
});

test("a company page counts that company's jobs, not the whole index", async ({ page }) => {
  await page.goto('/#/companies');
  const first = rows(page.getByRole('listbox', { name: 'Companies' })).first();
  const id = (await first.getAttribute('data-key'))!;
  await first.click();
  const company = await api(page, '/svc.companies.v1.CompaniesService/Get', { id });
  const panel = page.getByRole('complementary', { name: 'Company job filters' });
  const country = panel.getByLabel('Country', { exact: true });
  // No choice counts more than the company's own jobs (a posting open to a region counts under
  // each of its countries: region-postings.md).
  await expect
    .poll(async () => Math.max(...(await choices(country)).map(([, c]) => c)), { timeout: 10_000 })
    .toBeLessThanOrEqual(company.activeJobCount);
  const [code, n] = (await choices(country))[0]!;
  const listed = await api(page, '/svc.companies.v1.CompaniesService/ListJobs', { id, country: code, limit: 100 });
  expect(n).toBe(listed.data.length);
  expect(n).toBeLessThanOrEqual(company.activeJobCount);
});
