import { annualEur, fromEur } from '#shared/pay/annual-pay';
import { SHIPPED_RATES } from '#shared/pay/exchange-rates';
import { expect, expectFirstRows, jobList, listJobs, openJobs, rows, test } from './support/app.js';

const panel = (page: import('@playwright/test').Page) => page.getByRole('complementary', { name: 'Search filters' });

test('"Highest pay" orders by comparable yearly pay, and rows show it beside the stated pay', async ({ page }) => {
  const list = await openJobs(page);
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Highest pay' });
  await expect(page).toHaveURL(/sort=pay_desc/);
  const expected = await listJobs(page, { filters: { sort: 'pay_desc' }, limit: 20 });
  await expectFirstRows(
    list,
    expected.data.slice(0, 8).map((j) => j.id),
  );
  // A row whose posting is not yearly USD shows "≈ $X/yr", computed by the shipped rule.
  const other = expected.data.find(
    (j: any) => j.salary && (j.salary.currency !== 'USD' || j.salary.period !== 'year'),
  ) as any;
  expect(other, 'a top-paid job stated in another currency or period').toBeDefined();
  const usd = (n: number) =>
    fromEur(annualEur(n, other.salary.currency, other.salary.period, SHIPPED_RATES)!, 'USD', SHIPPED_RATES)!;
  const [lo, hi] = [usd(other.salary.min), usd(other.salary.max)];
  // In the row in short figures ("$98K"), the full ones in its title.
  const money = (n: number, notation: 'compact' | 'standard' = 'standard') =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, notation }).format(
      n,
    );
  const range = (notation: 'compact' | 'standard') =>
    lo === hi ? money(lo, notation) : `${money(lo, notation)}–${money(hi, notation)}`;
  const row = rows(list)
    .filter({ has: page.locator(`[aria-label="${other.title} at ${other.companyName}"]`) })
    .first();
  await expect(row.locator('.pay-ref')).toHaveText(`≈ ${range('compact')}/yr`);
  await expect(row.locator('.pay-ref')).toHaveAttribute(
    'title',
    `≈ ${range('standard')}/yr, converted to a year (40-hour weeks, 12 months) at exchange rates of ${SHIPPED_RATES.asOf}: ${SHIPPED_RATES.source}`,
  );
});

test('a row shows the converted pay whole or not at all, never cut mid-number', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const list = await openJobs(page, '?sort=pay_desc');
  await expect(rows(list).nth(5)).toBeVisible();
  const cut = await list.locator('.jobrow__meta').evaluateAll((metas) =>
    metas.flatMap((m) => {
      const ref = m.querySelector('.pay-ref');
      if (!ref) return [];
      const [box, r] = [m.getBoundingClientRect(), ref.getBoundingClientRect()];
      const shown = r.top < box.bottom;
      // Past the row's edge, or shortened with an ellipsis inside it.
      return shown && (r.right > box.right + 0.5 || ref.scrollWidth > ref.clientWidth + 1) ? [ref.textContent] : [];
    }),
  );
  expect(cut, 'converted pay cut at the edge of its row').toEqual([]);
});

test('the pay filter is yearly pay in the chosen currency; changing the currency asks again', async ({ page }) => {
  await openJobs(page);
  const select = panel(page).getByLabel('In', { exact: true });
  await expect(select).toHaveValue('USD'); // the locale's (en-US)
  await panel(page).getByLabel('At least', { exact: true }).fill('150000');
  await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Yearly pay at least: 150,000 USD');
  let expected = await listJobs(page, { filters: { payMin: 150000, payCurrency: 'USD' }, limit: 6 });
  const usd = expected.data.map((j) => j.id);
  await expectFirstRows(jobList(page), usd);
  // Hourly jobs are kept when their year reaches the bound: the spec's raw filter would drop them all.
  const raw = await listJobs(page, { filters: { salaryMin: 150000 }, limit: 6 });
  expect(raw.data.map((j) => j.id)).not.toEqual(usd);
  await select.selectOption('JPY');
  expected = await listJobs(page, { filters: { payMin: 150000, payCurrency: 'JPY' }, limit: 6 });
  await expectFirstRows(
    jobList(page),
    expected.data.map((j) => j.id),
  );
  await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Yearly pay at least: 150,000 JPY');
  // The choice is kept.
  await page.reload();
  await expect(panel(page).getByLabel('In', { exact: true })).toHaveValue('JPY');
});

test.describe('in a British locale', () => {
  test.use({ locale: 'en-GB' });
  test('the reference currency defaults to pounds', async ({ page }) => {
    await openJobs(page);
    await expect(panel(page).getByLabel('In', { exact: true })).toHaveValue('GBP');
  });
});

for (const size of [
  { width: 1280, height: 800 },
  { width: 800, height: 600 },
]) {
  test(`at ${size.width}×${size.height} the stated pay is never cut and the pay filter's fields do not overlap`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const list = await openJobs(page, '?sort=pay_desc');
    if (size.width >= 1000) {
      const boxes = await Promise.all(
        [
          panel(page).getByLabel('In', { exact: true }),
          panel(page).getByLabel('At least', { exact: true }),
          panel(page).getByLabel('At most', { exact: true }),
          panel(page).locator('p.small'),
          panel(page).locator('label', { hasText: 'At least' }),
          panel(page).locator('label', { hasText: 'At most' }),
        ].map(async (l) => (await l.boundingBox())!),
      );
      for (const [i, a] of boxes.entries()) {
        for (const b of boxes.slice(i + 1)) {
          const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
          expect(overlap, `${JSON.stringify(a)} overlaps ${JSON.stringify(b)}`).toBe(false);
        }
      }
    }
    // The posting's own words come first: where a row is short of room, only the conversion yields.
    const cut = await list
      .locator('.jobrow__meta .salary')
      .evaluateAll((els) =>
        els
          .filter(
            (e) =>
              e.scrollWidth > e.clientWidth + 1 ||
              e.getBoundingClientRect().right > e.parentElement!.getBoundingClientRect().right + 1,
          )
          .map((e) => e.textContent),
      );
    expect(await list.locator('.jobrow__meta .salary').count()).toBeGreaterThan(3);
    expect(cut).toEqual([]);
  });
}

test("a job's detail shows its pay converted beside the stated pay", async ({ page }) => {
  const list = await openJobs(page, '?sort=pay_desc');
  const expected = await listJobs(page, { filters: { sort: 'pay_desc' }, limit: 20 });
  const other = expected.data.find(
    (j: any) => j.salary && (j.salary.currency !== 'USD' || j.salary.period !== 'year'),
  ) as any;
  await rows(list)
    .filter({ has: page.locator(`[aria-label="${other.title} at ${other.companyName}"]`) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(other.title);
  await expect(page.locator('.detail .pay-ref')).toHaveText(/^≈ \$[\d,]+(–\$[\d,]+)?\/yr$/);
});
