import { fromBinary } from '@bufbuild/protobuf';
import { ListRequestSchema } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { api, expect, expectFirstRows, jobList, listJobs, openJobs, rows, test } from './support/app.js';

test('a misspelt word gets a suggestion; one click searches it', async ({ page }) => {
  await openJobs(page);
  const box = page.getByRole('searchbox', { name: 'Search jobs' });
  await box.fill('senior enginer');
  await expect(page.getByRole('status').filter({ hasText: 'No jobs match' })).toBeVisible();
  const hint = page.getByRole('navigation', { name: 'Spelling suggestions' });
  const fix = hint.getByRole('button', { name: 'senior engineer', exact: true });
  await expect(fix).toBeVisible();
  // The count beside it is the index's, as the service says.
  const answer = await api(page, '/svc.spelling.v1.SpellingService/Suggest', { query: 'senior enginer' });
  await expect(hint).toContainText(`engineer: ${answer.suggestions[0].replacements[0].jobs.toLocaleString()} jobs`);
  await fix.click();
  await expect(box).toHaveValue('senior engineer');
  const expected = await listJobs(page, { query: 'senior engineer', limit: 5 });
  await expectFirstRows(
    jobList(page),
    expected.data.map((j) => j.id),
  );
  await expect(hint).toHaveCount(0);
});

test('words that find jobs get no suggestion', async ({ page }) => {
  await openJobs(page, '?q=nurse');
  await expect(rows(jobList(page)).first()).toBeVisible();
  await page.waitForTimeout(300);
  await expect(page.getByRole('navigation', { name: 'Spelling suggestions' })).toHaveCount(0);
});

test('"Posted" presets ask for postings published since that long ago (their own age), say so, and survive a reload', async ({
  page,
}) => {
  const list = await openJobs(page, '?sort=newest');
  const posted = page.getByRole('group', { name: 'Posted' });
  for (const [name, days, param] of [
    ['Past week', 7, 'P7D'],
    ['Past 24 hours', 1, 'P1D'],
  ] as const) {
    // The app speaks binary Connect: read the request as the service does.
    const sentFilters = (r: import('@playwright/test').Request) =>
      r.url().endsWith('.JobsService/List')
        ? fromBinary(ListRequestSchema, r.postDataBuffer() ?? Buffer.alloc(0)).query?.filters
        : undefined;
    const sent = page.waitForRequest((r) => sentFilters(r)?.postedAfter !== undefined);
    const clicked = Date.now();
    await posted.getByRole('button', { name }).click();
    await expect(page).toHaveURL(new RegExp(`postedAfter=${param}`));
    await expect(posted.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText(`Posted after: ${name}`);
    const since = sentFilters(await sent)!.postedAfter!;
    const ms = Date.parse(since);
    // The instant the preset stands for, to the minute.
    expect(ms).toBeGreaterThan(clicked - days * 86_400_000 - 2 * 60_000);
    expect(ms).toBeLessThanOrEqual(Date.now() - days * 86_400_000);
    const expected = await listJobs(page, { filters: { sort: 'newest', postedAfter: since }, limit: 5 });
    expect(expected.data.length).toBeGreaterThan(0);
    await expectFirstRows(
      list,
      expected.data.map((j) => j.id),
    );
  }
  // Past 24 hours holds fewer jobs than the whole index.
  const info = await api(page, '/svc.meta.v1.MetaService/GetInfo', {});
  const day = await listJobs(page, {
    filters: { postedAfter: new Date(Date.now() - 86_400_000).toISOString() },
    limit: 100,
  });
  expect(day.data.length).toBeLessThan(info.jobCount);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Posted after: Past 24 hours');
  // Clicking the pressed preset again lifts it.
  await posted.getByRole('button', { name: 'Past 24 hours' }).click();
  await expect(page).not.toHaveURL(/postedAfter/);
});
