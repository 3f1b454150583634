import { expect, expectFirstRows, listJobs, rows, test } from './support/app.js';
import { openJobsPatiently } from './support/open-patiently.js';
import { UNSTATED_JOBS } from './support/ui31-fixtures.js';

// A loaded machine: first paints can take 20 s.
test.setTimeout(90_000);
const panel = (page: import('@playwright/test').Page) => page.getByRole('complementary', { name: 'Search filters' });

// Issue #31 items 4–6 (the UI on real jobs): a sort that compares like with like, the converted pay
// beside the stated pay in wide rows, "Not stated" as a filter choice, and a query that matches
// nothing offering to drop words.

test('the pay sort on screen compares yearly converted pay; a link to the as-stated sort opens it', async ({
  page,
}) => {
  const list = await openJobsPatiently(page, '?sort=salary_desc');
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await expect(sort).toHaveValue('pay_desc');
  const offered = await sort.locator('option').allTextContents();
  expect(offered).toContain('Highest pay');
  expect(offered.filter((o) => /salary|as stated/i.test(o))).toEqual([]);
  const expected = await listJobs(page, { filters: { sort: 'pay_desc' }, limit: 8 });
  await expectFirstRows(
    list,
    expected.data.map((j) => j.id),
  );
});

test('at 1280×800 with a job open, every row whose pay is in another currency or period shows "≈"', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // Jobs in Germany state euros: every row's pay differs from the person's dollars.
  const list = await openJobsPatiently(page, '?country=DE&sort=pay_desc');
  await rows(list).first().click();
  await expect(page.locator('.detail')).toBeVisible();
  const top = await listJobs(page, { filters: { country: 'DE', sort: 'pay_desc' }, limit: 6 });
  const converted = top.data.filter(
    (j: any) => j.salary && (j.salary.currency !== 'USD' || j.salary.period !== 'year'),
  );
  expect(converted.length, 'top-paid jobs stated in another currency or period').toBeGreaterThan(1);
  for (const j of converted as any[]) {
    const row = rows(list)
      .filter({ has: page.locator(`[aria-label="${j.title} at ${j.companyName}"]`) })
      .first();
    const ref = row.locator('.pay-ref');
    await expect(ref).toHaveText(/^≈ \$/);
    const shown = await row.locator('.jobrow__meta').evaluate((m) => {
      const r = m.querySelector('.pay-ref')!.getBoundingClientRect();
      const box = m.getBoundingClientRect();
      return r.top < box.bottom && r.right <= box.right + 0.5;
    });
    expect(shown, `"≈" shown whole beside the stated pay of ${j.title}`).toBe(true);
  }
});

test('a field the source did not state is the choice "Not stated", and it filters with honest counts', async ({
  page,
}) => {
  const list = await openJobsPatiently(page, '?q=unstated');
  for (const name of ['Work mode', 'Employment type', 'Seniority']) {
    const select = panel(page).getByRole('combobox', { name, exact: true });
    const texts = await select.locator('option').allTextContents();
    expect(texts, name).toContain(`Not stated (${UNSTATED_JOBS.length})`);
    expect(
      texts.filter((t) => /^\s*\(/.test(t)),
      `${name}: no blank choice`,
    ).toEqual([]);
  }
  await panel(page).getByRole('combobox', { name: 'Seniority', exact: true }).selectOption({ label: `Not stated (3)` });
  await expect(page).toHaveURL(/seniority=not_stated/);
  await expect(rows(list)).toHaveCount(UNSTATED_JOBS.length);
  for (const j of UNSTATED_JOBS) await expect(list.getByText(j.title)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Remove filter Seniority: Not stated/ })).toBeVisible();
});

test('a long query that matches nothing says every word must match and offers to drop words', async ({ page }) => {
  await openJobsPatiently(page);
  const box = page.getByRole('searchbox', { name: 'Search jobs' });
  await box.fill('unstated lamplighter qzxwv');
  const drops = page.getByRole('navigation', { name: 'Words to drop' });
  await expect(drops).toContainText('Every word must match');
  await expect(drops).toContainText('“qzxwv” finds nothing on its own');
  for (const w of ['unstated', 'lamplighter', 'qzxwv'])
    await expect(drops.getByRole('button', { name: `without “${w}”` })).toBeVisible();
  // The person's words are never dropped silently: the box keeps them until a click.
  await expect(box).toHaveValue('unstated lamplighter qzxwv');
  await drops.getByRole('button', { name: 'Search for unstated lamplighter' }).click();
  await expect(box).toHaveValue('unstated lamplighter');
  const list = page.getByRole('listbox', { name: 'Jobs', exact: true });
  await expect(list.getByText('Unstated Lamplighter')).toBeVisible();
  await expect(drops).toHaveCount(0);
  // One click per word.
  await box.fill('unstated lamplighter qzxwv');
  await drops.getByRole('button', { name: 'without “lamplighter”' }).click();
  await expect(box).toHaveValue('unstated qzxwv');
});
