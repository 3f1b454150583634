import { expect, api, jobList, listJobs, openJobs, rows, test } from './support/app.js';
import { EXPIRED_JOB } from './support/fixture-jobs.js';

test('opening a job shows its detail beside the list, with similar jobs', async ({ page }) => {
  const list = await openJobs(page, '?q=engineer');
  const first = (await listJobs(page, { query: 'engineer', limit: 1 })).data[0]!;
  await rows(list).first().click();
  await expect(page).toHaveURL(new RegExp(`job=${first.id}`));
  const detail = page.getByRole('region', { name: 'Job detail' });
  const job = await api(page, '/svc.jobs.v1.JobsService/Get', { id: first.id });
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(job.title);
  await expect(detail).toContainText(job.company.name);
  for (const l of job.locations) if (l.city) await expect(detail).toContainText(l.city);
  await expect(detail).toContainText(/Discovered\s*(\d+ \w+ ago|yesterday|now|this \w+|last \w+)/);
  if (job.salary) {
    const sal = new Intl.NumberFormat('en', {
      style: 'currency',
      currency: job.salary.currency,
      maximumFractionDigits: 0,
    }).format(job.salary.max);
    await expect(detail).toContainText(sal);
  }
  const apply = detail.getByRole('link', { name: 'Apply' });
  await expect(apply).toHaveAttribute('href', job.applyUrl);
  await expect(apply).toHaveAttribute('target', '_blank');
  // Similar jobs from GetSimilar, in its order; one click opens one.
  const similar = await api(page, '/svc.jobs.v1.JobsService/GetSimilar', { id: first.id, limit: 6 });
  const items = detail.getByRole('region', { name: 'Similar jobs' }).getByRole('button');
  await expect(items).toHaveCount(similar.data.length);
  if (similar.data.length) {
    await expect(items.first()).toContainText(similar.data[0].title);
    await items.first().click();
    await expect(page).toHaveURL(new RegExp(`job=${similar.data[0].id}`));
    await expect(detail.getByRole('heading', { level: 2 })).toHaveText(similar.data[0].title);
  }
  await page.screenshot({ path: test.info().outputPath('job-detail.png') });
  await detail.getByRole('button', { name: 'Close job' }).click();
  await expect(page).not.toHaveURL(/job=/);
  await expect(jobList(page)).toBeVisible();
});

test('an expired job shows an Expired badge and no Apply button', async ({ page }) => {
  await page.goto(`/#/jobs?job=${EXPIRED_JOB.id}`);
  const detail = page.getByRole('region', { name: 'Job detail' });
  await expect(detail.getByRole('heading', { level: 2 })).toContainText(EXPIRED_JOB.title);
  await expect(detail.getByRole('heading', { level: 2 }).getByText('Expired', { exact: true })).toBeVisible();
  await expect(detail.getByRole('definition').filter({ hasText: '2 days ago' }).first()).toBeVisible();
  await expect(detail.getByRole('link', { name: 'Apply' })).toHaveCount(0);
  await expect(detail).toContainText('This job is no longer open.');
});

test('a job that does not exist says so', async ({ page }) => {
  await page.goto('/#/jobs?job=00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('region', { name: 'Job detail' }).getByRole('alert')).toContainText('Not found');
});
