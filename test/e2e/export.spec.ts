import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { api, expect, listJobs, openJobs, test } from './support/app.js';
import { startIsolatedApp } from './support/isolated-app.js';
import { EXPORT_JOB, TRAVELLING_APPLY_URL, TRAVELLING_JOB } from './support/user-fixtures.js';

async function download(page: Page, menu: string, format: string): Promise<{ name: string; text: string }> {
  await page.getByText('Export', { exact: true }).click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menu', { name: menu }).getByRole('menuitem', { name: format, exact: true }).click(),
  ]);
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
}

/** Every id a search finds, page by page (German jobs: no other spec hides or adds any). */
async function allIds(page: Page, filters: Record<string, unknown>): Promise<string[]> {
  const out: string[] = [];
  let cursor: string | undefined;
  do {
    // The app lists and exports one row per role (folding.md): the same folded walk.
    const r = await listJobs(page, { filters, fold: true, limit: 100, ...(cursor ? { cursor } : {}) });
    out.push(...r.data.map((j) => j.id));
    cursor = r.pagination.hasMore ? r.pagination.nextCursor : undefined;
  } while (cursor);
  return out;
}

test('the current search downloads as CSV, every page of it, in its order', async ({ page }) => {
  await openJobs(page, '?country=DE&sort=newest');
  const { name, text } = await download(page, 'Export these results as', 'CSV');
  expect(name).toMatch(/^jobs-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = text.trim().split(/\r?\n/);
  expect(lines[0]).toMatch(/^id,title,/);
  const expected = await allIds(page, { country: 'DE', sort: 'newest' });
  expect(expected.length).toBeGreaterThan(100);
  expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(expected);
  await expect(page.getByRole('status').filter({ hasText: 'Exported' })).toContainText(
    `Exported ${expected.length.toLocaleString('en')} jobs to ${name}`,
  );
});

test('an export shows its progress and can be cancelled: no file is downloaded', async ({ page }) => {
  await openJobs(page, '?country=DE&sort=newest');
  const downloads: string[] = [];
  page.on('download', (d) => downloads.push(d.suggestedFilename()));
  // The export's first page goes through; the next ones wait until the test lets them go.
  let lists = 0;
  const held: Array<() => Promise<void>> = [];
  await page.route('**/svc.jobs.v1.JobsService/List', async (route) => {
    if (++lists === 1) return route.continue();
    held.push(() => route.continue().catch(() => {}));
  });
  await page.getByText('Export', { exact: true }).click();
  await page
    .getByRole('menu', { name: 'Export these results as' })
    .getByRole('menuitem', { name: 'CSV', exact: true })
    .click();
  await expect(page.locator('summary').filter({ hasText: 'Exporting 100…' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel export' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Export cancelled' })).toContainText(
    'Export cancelled; no file was written',
  );
  await expect(page.getByRole('button', { name: 'Cancel export' })).toHaveCount(0);
  await expect(page.getByText('Export', { exact: true })).toBeVisible();
  for (const go of held) await go();
  expect(downloads).toEqual([]);
});

test('saved jobs download as JSON and NDJSON with their tracking', async ({ page }) => {
  const list = await openJobs(page, `?q=${encodeURIComponent(EXPORT_JOB.title)}`);
  const row = list.locator(`[data-key="${EXPORT_JOB.id}"]`);
  await row.locator('.save-toggle').click();
  await expect(row.getByRole('article')).toHaveAccessibleName(/, saved$/);
  await page.getByRole('link', { name: 'Saved', exact: true }).click();

  const json = await download(page, 'Export saved jobs as', 'JSON');
  expect(json.name).toMatch(/^saved-jobs-\d{4}-\d{2}-\d{2}\.json$/);
  const rows = JSON.parse(json.text) as Array<{ jobId: string; stage: string; snapshot: { title: string } }>;
  const mine = rows.find((r) => r.jobId === EXPORT_JOB.id);
  expect(mine?.stage).toBe('saved');
  expect(mine?.snapshot.title).toBe(EXPORT_JOB.title);

  const nd = await download(page, 'Export saved jobs as', 'NDJSON');
  expect(nd.name).toMatch(/\.ndjson$/);
  const ndRows = nd.text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { jobId: string });
  expect(ndRows.map((r) => r.jobId)).toContain(EXPORT_JOB.id);
});

test('saved jobs export writes what the list shows: the stage filter is kept', async ({ browser }) => {
  // A user file of its own: the other specs save and move jobs in the shared one meanwhile.
  const own = await startIsolatedApp([]);
  const page = await browser.newPage({ baseURL: own.url });
  try {
    await page.goto('/');
    const jobs = (await listJobs(page, { limit: 4 })).data;
    for (const j of jobs) await api(page, '/svc.saved.v1.SavedJobsService/Save', { jobId: j.id });
    await api(page, '/svc.saved.v1.SavedJobsService/Move', { jobId: jobs[2]!.id, stage: 'applied' });
    await page.goto('/#/saved?view=list&stage=applied');
    const table = page.getByRole('table', { name: 'Saved jobs' });
    await expect(table.getByRole('row')).toHaveCount(2);
    const csv = await download(page, 'Export saved jobs as', 'CSV');
    const lines = csv.text.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(jobs[2]!.id);
    // All stages: all four.
    await page.getByLabel('Filter by stage').selectOption('');
    const all = await download(page, 'Export saved jobs as', 'CSV');
    expect(all.text.trim().split(/\r?\n/)).toHaveLength(5);
  } finally {
    await page.close();
    await own.stop();
  }
});

test('a search export names every location of a job and its apply URL, in CSV, JSON and NDJSON', async ({ page }) => {
  // Issue 18 item 12: the card says "Leeds, England, GB +2 more"; the file must not.
  await openJobs(page, `?q=${encodeURIComponent(TRAVELLING_JOB.title)}`);
  const places = 'Leeds, England, GB; Glasgow, GB; Remote (IE)';

  const csv = await download(page, 'Export these results as', 'CSV');
  const [header, row] = parse(csv.text, { bom: true }) as string[][];
  const cell = (name: string) => row![header!.indexOf(name)];
  expect(cell('id')).toBe(TRAVELLING_JOB.id);
  expect(cell('locations')).toBe(places);
  expect(cell('apply_url')).toBe(TRAVELLING_APPLY_URL);

  const expected = {
    id: TRAVELLING_JOB.id,
    locationText: 'Leeds, England, GB +2 more',
    locations: [
      { city: 'Leeds', region: 'England', country: 'GB', remote: false },
      { city: 'Glasgow', country: 'GB', remote: false },
      { country: 'IE', remote: true },
    ],
    applyUrl: TRAVELLING_APPLY_URL,
  };
  const json = JSON.parse((await download(page, 'Export these results as', 'JSON')).text) as unknown[];
  expect(json).toEqual([expect.objectContaining(expected)]);
  const nd = (await download(page, 'Export these results as', 'NDJSON')).text.trim().split('\n');
  expect(nd.map((l) => JSON.parse(l) as unknown)).toEqual([expect.objectContaining(expected)]);
});
