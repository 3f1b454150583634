import { api, expect, test } from './support/app.js';
import { addJobs } from './support/index-changes.js';
import { serve } from './support/isolated-app.js';
import { root } from '../helpers/built-dist.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Issue 31 item 10, the rest: the Reports details keep their parts apart, the Saved board has no
// sideways scroll at 800 px, and "New" marks stay when the sort changes.

test.describe.configure({ timeout: 90_000 });

test('the Reports details put the Settings link and the next try on lines of their own', async ({ page }) => {
  // An app with no job index service set: its reports wait for one, and the row says where to set it.
  const index = process.env.JOBINDEX_E2E_INDEX!;
  const dir = mkdtempSync(join(tmpdir(), 'jobindex-e2e-noupstream-'));
  const app = await serve([
    '--db',
    index,
    '--user-data',
    join(dir, 'user.sqlite'),
    '--ui',
    join(root, 'dist', 'renderer'),
  ]);
  try {
    await page.goto(`${app.url}/`);
    const { data } = await api(page, `${app.url}/svc.jobs.v1.JobsService/List`, { query: {} });
    await api(page, `${app.url}/svc.reports.v1.ReportsService/Create`, { jobId: data[0].id, type: 'spam' });
    await page.goto(`${app.url}/#/reports`);
    const cell = page.getByRole('table', { name: 'Outbox' }).getByRole('row').nth(1).getByRole('cell').last();
    const link = cell.getByRole('link', { name: 'Set the job index service in Settings' });
    const next = cell.locator('time');
    await expect(link).toBeVisible({ timeout: 20_000 });
    await expect(next).toContainText('next try');
    // Each part on its own line: the words never run together ("…in Settingsnext try now").
    const text = await cell.evaluate((e) => (e as HTMLElement).innerText);
    expect(text).not.toMatch(/Settings *next try/);
    expect(text).toMatch(/Settings\nnext try/);
    const a = (await link.boundingBox())!;
    const b = (await next.boundingBox())!;
    expect(b.y).toBeGreaterThanOrEqual(a.y + a.height - 1);
    await page.screenshot({ path: '/tmp/ui-shots/reports-details-1280.png' });
  } finally {
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the Saved board at 800×600 shows every stage without sideways scrolling', async ({ page }) => {
  await page.goto('/');
  const { data } = await api(page, '/svc.jobs.v1.JobsService/List', { query: { query: 'engineer' } });
  for (const j of data.slice(0, 3)) await api(page, '/svc.saved.v1.SavedJobsService/Save', { jobId: j.id });
  await page.setViewportSize({ width: 800, height: 600 });
  await page.goto('/#/saved');
  const columns = page.getByRole('region', {
    name: /^(Saved|Applied|Interviewing|Offer|Accepted|Rejected|Withdrawn) \d+$/,
  });
  await expect(columns.first()).toBeVisible({ timeout: 20_000 });
  const stages = await columns.count();
  expect(stages).toBe(7);
  for (let i = 0; i < stages; i++) {
    const box = (await columns.nth(i).boundingBox())!;
    expect(box.x, `column ${i} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `column ${i} ends on screen`).toBeLessThanOrEqual(800);
  }
  const overflow = await page.evaluate(() =>
    ['html', 'body', '.saved-main', '.board'].map((s) => {
      const e = document.querySelector(s)!;
      return { s, over: e.scrollWidth - e.clientWidth };
    }),
  );
  for (const o of overflow) expect(o.over, `${o.s} scrolls sideways`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: '/tmp/ui-shots/saved-board-800.png', fullPage: true });
});

test('"New" marks stay when the sort changes', async ({ page }) => {
  // Words and ids of this run's own: a reused server keeps the last run's jobs.
  const run = Date.now();
  const word = `numbat${run.toString(36).replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!)}`;
  const id = (n: number) => `0e2e0000-0000-4000-8000-${(run * 10 + n).toString(16).padStart(12, '0').slice(-12)}`;
  const OLD = { id: id(1), title: `Numbat Warden ${word}` };
  const NEW = { id: id(2), title: `Numbat Ranger ${word}` };
  addJobs([OLD]);
  await page.goto('/');
  const name = `Numbats ${word}`;
  await api(page, '/svc.searches.v1.SavedSearchesService/Create', {
    name,
    query: { query: word, filters: { sort: 'newest' } },
  });
  await new Promise((r) => setTimeout(r, 20));
  addJobs([NEW]);

  await page.goto('/#/searches');
  const item = page.getByRole('list', { name: 'Saved searches' }).getByRole('listitem', { name });
  await expect(item).toContainText('1 new', { timeout: 20_000 });
  await item.getByRole('button', { name, exact: true }).click();
  const list = page.getByRole('listbox', { name: 'Jobs', exact: true });
  const isNew = (j: { id: string }) => list.locator(`[data-key="${j.id}"]`).getByText('New', { exact: true });
  await expect(isNew(NEW)).toBeVisible();
  await expect(isNew(OLD)).toHaveCount(0);

  for (const sort of ['relevance', 'company', 'newest']) {
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption(sort);
    await expect(list).not.toHaveAttribute('aria-busy', 'true');
    await expect(list.locator(`[data-key="${OLD.id}"]`)).toBeVisible();
    await expect(isNew(NEW), `after sorting by ${sort}`).toBeVisible();
    await expect(list.locator(`[data-key="${NEW.id}"]`).getByRole('article')).toHaveAccessibleName(/, new$/);
    await expect(isNew(OLD)).toHaveCount(0);
  }

  // Other words are another search: the marks go.
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill(`${word} ranger`);
  await expect(list.locator(`[data-key="${NEW.id}"]`).getByRole('article')).toHaveAccessibleName(
    /Numbat Ranger \S+ at [^,]*$/,
  );
});
