import { api, expect, test } from './support/app.js';
import { openJobsPatiently } from './support/open-patiently.js';
import { MARKUP_JOB } from './support/polish-fixtures.js';

// Issue 31 item 10: the same report could be queued twice with no word. Made again while the
// first waits in the outbox, the dialog says so and the Reports screen keeps one row.

test.describe.configure({ timeout: 60_000 });

test('reporting a job the same way twice says it is already waiting, and keeps one report', async ({ page }) => {
  await openJobsPatiently(page, `?q=${encodeURIComponent(MARKUP_JOB.title)}&job=${MARKUP_JOB.id}`);
  const detail = page.getByRole('region', { name: 'Job detail' });
  const dialog = page.getByRole('dialog', { name: 'Report a problem' });
  // A message of this run's own: a server reused between runs already holds the last run's report.
  const message = `Asks for a fee up front (${Date.now()})`;
  const send = async () => {
    await detail.getByRole('button', { name: 'Report' }).click();
    await dialog.getByRole('radio', { name: 'Spam or a scam' }).check();
    await dialog.getByLabel(/^Message/).fill(message);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    const said = (await dialog.getByRole('status').textContent()) ?? '';
    await dialog.getByRole('button', { name: 'Close' }).click();
    return said;
  };
  expect(await send()).not.toMatch(/already/);
  // A second later, as a person who forgot would.
  await page.waitForTimeout(1_100);
  expect(await send()).toMatch(/^You already reported this, and it still waits in the outbox/);
  const { data } = await api(page, '/svc.reports.v1.ReportsService/List', {});
  expect(
    data.filter((r: { jobId: string; message?: string }) => r.jobId === MARKUP_JOB.id && r.message === message),
  ).toHaveLength(1);
});
