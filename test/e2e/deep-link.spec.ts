import { expect, expectFirstRows, jobList, listJobs, openJobs, rows, test } from './support/app.js';

test('the search state survives a reload and a shared link opens the same screen', async ({ page, context }) => {
  const list = await openJobs(page);
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill('engineer');
  const panel = page.getByRole('complementary', { name: 'Search filters' });
  await panel.getByLabel('Employment type', { exact: true }).selectOption('full_time');
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('pay_desc');
  const expected = await listJobs(page, {
    query: 'engineer',
    filters: { employmentType: 'full_time', sort: 'pay_desc' },
    limit: 5,
  });
  await expectFirstRows(
    list,
    expected.data.map((j) => j.id),
  );
  await rows(list).nth(1).click();
  await expect(page).toHaveURL(new RegExp(`job=${expected.data[1]!.id}`));
  const url = page.url();
  expect(url).toMatch(/q=engineer/);
  expect(url).toMatch(/employmentType=full_time/);
  expect(url).toMatch(/sort=pay_desc/);

  const check = async (p: typeof page) => {
    await expect(p.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue('engineer');
    await expect(
      p.getByRole('complementary', { name: 'Search filters' }).getByLabel('Employment type', { exact: true }),
    ).toHaveValue('full_time');
    await expect(p.getByRole('combobox', { name: 'Sort by' })).toHaveValue('pay_desc');
    await expectFirstRows(
      jobList(p),
      expected.data.map((j) => j.id),
    );
    await expect(p.getByRole('region', { name: 'Job detail' }).getByRole('heading', { level: 2 })).toHaveText(
      expected.data[1]!.title,
    );
    await expect(jobList(p).locator('[aria-selected="true"]')).toHaveAttribute('data-key', expected.data[1]!.id);
  };
  await page.reload();
  await check(page);
  const other = await context.newPage();
  await other.goto(url);
  await check(other);
});

test('a choice made just before a reload survives it', async ({ page }) => {
  await openJobs(page);
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await sort.selectOption('newest');
  await page.reload();
  await expect(sort).toHaveValue('newest');
  await page
    .getByRole('complementary', { name: 'Search filters' })
    .getByLabel('Employment type', { exact: true })
    .selectOption('full_time');
  await sort.selectOption('pay_desc');
  await page.reload();
  await expect(sort).toHaveValue('pay_desc');
  await expect(
    page.getByRole('complementary', { name: 'Search filters' }).getByLabel('Employment type', { exact: true }),
  ).toHaveValue('full_time');
});

test('a company page deep link with filters loads as shared', async ({ page }) => {
  await page.goto('/#/companies');
  const first = page.getByRole('listbox', { name: 'Companies' }).getByRole('option').first();
  const id = (await first.getAttribute('data-key'))!;
  await page.goto(`/#/company/${id}?employmentType=full_time&q=a`);
  await page.reload();
  const panel = page.getByRole('complementary', { name: 'Company job filters' });
  await expect(panel.getByLabel('Employment type', { exact: true })).toHaveValue('full_time');
  await expect(page.getByRole('searchbox', { name: /Search jobs at/ })).toHaveValue('a');
});
