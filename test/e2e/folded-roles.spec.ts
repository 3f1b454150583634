import { api, expect, listJobs, openJobs, rows, test } from './support/app.js';
import { FOLD_JOBS, FOLD_PORTS } from './support/fold-fixtures.js';

// Folded results (docs/decisions/folding.md): one role posted in four ports is one row with its
// count of places; its detail lists the other places, the repost and the posting's own age; the
// count above the list counts roles. The spec's List without `fold` still answers every posting.
test('one role in four places is one row "· 4 places"; the detail lists the others and the repost', async ({
  page,
}) => {
  test.slow(); // several screens and API reads; the shared build machines are slow
  const plain = await listJobs(page, { query: 'harbour pilot', limit: 10 });
  expect(plain.data.map((c) => c.id).sort()).toEqual(FOLD_JOBS.map((j) => j.id).sort());

  const list = await openJobs(page, '?q=harbour%20pilot');
  await expect(rows(list)).toHaveCount(1);
  const row = rows(list).first();
  await expect(row).toContainText('Harbour Pilot');
  await expect(row).toContainText('· 4 places');
  await expect(row).toContainText(/posted .+·\s*first seen .+/);
  await expect(page.getByRole('status').filter({ hasText: /jobs?$/ })).toHaveText('1 job');

  await row.click();
  await expect(page).toHaveURL(/job=/);
  const detail = page.getByRole('region', { name: 'Job detail' });
  const shown = FOLD_JOBS.find((j) => page.url().includes(j.id))!;
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(shown.title);
  await expect(detail).toContainText('Also in 3 places');
  for (const city of FOLD_PORTS.filter((c) => c !== shown.city))
    await expect(detail.locator('.fold-places')).toContainText(city);
  await expect(detail).toContainText(/Reposted · first posted \w{3} \d{4}/);
  const job = await api(page, '/svc.jobs.v1.JobsService/Get', { id: shown.id });
  expect(job.fold.postings).toBe(4);
});
