import { api, expect, expectFirstRows, listJobs, openJobs, rows, test } from './support/app.js';

const companyList = (page: import('@playwright/test').Page) => page.getByRole('listbox', { name: 'Companies' });

test('companies: a searchable list with logo, industry, size and active jobs', async ({ page }) => {
  await page.goto('/#/companies');
  const list = companyList(page);
  const all = await api(page, '/svc.companies.v1.CompaniesService/List', { limit: 5 });
  await expectFirstRows(
    list,
    all.data.map((c: { id: string }) => c.id),
  );
  const c = all.data[0];
  const row = rows(list).first();
  await expect(row).toContainText(c.name);
  await expect(row).toContainText(c.industry);
  await expect(row).toContainText(`${c.employeeCountRange} employees`);
  await expect(row).toContainText(`${c.activeJobCount.toLocaleString('en')} job`);
  await page.screenshot({ path: test.info().outputPath('companies.png') });

  const word = c.name.split(' ')[0];
  await page.getByRole('searchbox', { name: 'Search companies' }).fill(word);
  await expect(page).toHaveURL(new RegExp(`#/companies\\?q=${word}`));
  const found = await api(page, '/svc.companies.v1.CompaniesService/List', { query: word, limit: 5 });
  await expectFirstRows(
    list,
    found.data.map((x: { id: string }) => x.id),
  );
});

test('a company page lists its open jobs and filters them as ListJobs does', async ({ page }) => {
  await page.goto('/#/companies');
  const first = rows(companyList(page)).first();
  const id = (await first.getAttribute('data-key'))!;
  await first.click();
  await expect(page).toHaveURL(new RegExp(`#/company/${id}`));
  const company = await api(page, '/svc.companies.v1.CompaniesService/Get', { id });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(company.name);
  await expect(page.getByText(`${company.activeJobCount.toLocaleString('en')} open jobs`)).toBeVisible();
  const jobs = page.getByRole('listbox', { name: 'Company jobs' });
  const open = await api(page, '/svc.companies.v1.CompaniesService/ListJobs', { id, limit: 5 });
  await expectFirstRows(
    jobs,
    open.data.map((j: { id: string }) => j.id),
  );

  // Filter by the most common employment type, then clear it.
  const panel = page.getByRole('complementary', { name: 'Company job filters' });
  await expect(panel.getByLabel('Seniority')).toHaveCount(0); // ListJobs does not take it
  await panel.getByLabel('Employment type', { exact: true }).selectOption('contract');
  await expect(page).toHaveURL(/employmentType=contract/);
  const contract = await api(page, '/svc.companies.v1.CompaniesService/ListJobs', {
    id,
    employmentType: 'contract',
    limit: 5,
  });
  if (contract.data.length)
    await expectFirstRows(
      jobs,
      contract.data.map((j: { id: string }) => j.id),
    );
  else await expect(page.getByText('No open jobs match')).toBeVisible();
  await page.getByRole('button', { name: /^Remove filter Employment type/ }).click();
  await expectFirstRows(
    jobs,
    open.data.map((j: { id: string }) => j.id),
  );

  // Its jobs open beside the list.
  await rows(jobs).first().click();
  await expect(page.getByRole('region', { name: 'Job detail' }).getByRole('heading', { level: 2 })).toHaveText(
    open.data[0].title,
  );
  await page.screenshot({ path: test.info().outputPath('company.png') });
});

test('following a company from a job opens its page', async ({ page }) => {
  const list = await openJobs(page, '?q=engineer');
  const first = (await listJobs(page, { query: 'engineer', limit: 1 })).data[0]!;
  await rows(list).first().click();
  const detail = page.getByRole('region', { name: 'Job detail' });
  await detail.getByRole('button', { name: first.companyName, exact: true }).click();
  await expect(page).toHaveURL(/#\/company\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.companyName);
  await expect(rows(page.getByRole('listbox', { name: 'Company jobs' })).first()).toBeVisible();
  // Back returns to the search as it was.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`q=engineer&job=${first.id}`));
  await expect(detail.getByRole('heading', { level: 2 })).toBeVisible();
});
