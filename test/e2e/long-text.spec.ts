import { api, expect, test } from './support/app.js';
import { LONG_COMPANY, LONG_JOB, PLACELESS_JOB } from './support/user-fixtures.js';

// Postings as they come: a title with a word longer than the pane, a company name of two lines, a
// posting with no place and no pay. Nothing is pushed out of view and nothing reads half-finished.

test('a very long title and company name wrap inside the detail, and Close stays in view', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await api(page, '/svc.saved.v1.SavedJobsService/Save', { jobId: LONG_JOB.id });
  for (const [hash, name] of [
    [`#/jobs?q=supercalifragilisticexpialidociousness&job=${LONG_JOB.id}`, 'Job detail'],
    [`#/saved?job=${LONG_JOB.id}`, 'Saved job detail'],
  ]) {
    await page.goto(`/${hash}`);
    const detail = page.getByRole('region', { name });
    const title = detail.getByRole('heading', { level: 2 });
    await expect(title).toContainText(LONG_JOB.title);
    const pane = (await detail.boundingBox())!;
    const close = (await detail.getByRole('button', { name: 'Close job' }).boundingBox())!;
    expect(close.x + close.width, `Close inside the ${name}`).toBeLessThanOrEqual(Math.min(pane.x + pane.width, 1280));
    // The company's name starts under the title's first letter, not centred under the logo.
    const company = detail.getByText(LONG_COMPANY.name, { exact: true });
    const [t, c] = [(await title.boundingBox())!, (await company.boundingBox())!];
    expect(Math.abs(c.x - t.x), `company aligned with the title in the ${name}`).toBeLessThan(2);
    const lines = await company.evaluate((el) => {
      const r = document.createRange();
      r.selectNodeContents(el);
      return [...r.getClientRects()].map((x) => Math.round(x.left));
    });
    expect(new Set(lines).size, `every line of the company name starts at one edge in the ${name}`).toBe(1);
  }
});

test('a posting with no place says so instead of a dangling separator or an empty row', async ({ page }) => {
  await page.goto(`/#/jobs?q=placeless&job=${PLACELESS_JOB.id}`);
  const row = page.getByRole('listbox', { name: 'Jobs', exact: true }).getByRole('option').first();
  await expect(row).toContainText(PLACELESS_JOB.title);
  expect(await row.innerText()).not.toMatch(/·\s*(\n|$)/);
  const facts = page.getByRole('region', { name: 'Job detail' }).getByRole('definition');
  await expect(facts.first()).toHaveText('Not given');
});

test('a saved search with a long name keeps its name at the left and "Alerts" beside its box, at 800 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await page.goto('/');
  const name = 'Remote engineer jobs in the United States with high pay and a long name that keeps going';
  const made = await api<{ search: { id: string } }>(page, '/svc.searches.v1.SavedSearchesService/Create', {
    name,
    query: { query: 'lexicographer' },
  });
  try {
    await page.goto('/#/searches');
    const row = page.getByRole('listitem', { name });
    const link = row.getByRole('button', { name, exact: true });
    const lines = await link.evaluate((el) => {
      const r = document.createRange();
      r.selectNodeContents(el);
      return [...r.getClientRects()].map((x) => Math.round(x.left));
    });
    expect(lines.length, 'the name takes two lines at 800 px').toBeGreaterThan(1);
    expect(new Set(lines).size, 'every line of the name starts at one edge').toBe(1);
    const sameLine = await row.getByRole('checkbox').evaluate((input) => {
      const text = [...input.parentElement!.childNodes].find(
        (n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() === 'Alerts',
      )!;
      const r = document.createRange();
      r.selectNodeContents(text);
      const [box, word] = [input.getBoundingClientRect(), r.getBoundingClientRect()];
      return word.top < box.bottom && word.bottom > box.top;
    });
    expect(sameLine, '"Alerts" on the line of its box').toBe(true);
  } finally {
    await api(page, '/svc.searches.v1.SavedSearchesService/Delete', { id: made.search.id });
  }
});
