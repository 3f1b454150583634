import { expect, listJobs, test } from './support/app.js';
import { E2E_ACCOUNT } from './support/e2e-upstream.js';
import { REPORT_JOB } from './support/user-fixtures.js';

// The report dialog on a job, the outbox with each report's state, signing in to the upstream
// (`jobindex serve --accounts`, started beside the app) to send what waits.

test('a report waits in the outbox until the user signs in, then is sent; reporting expired hides the job', async ({ page }) => {
  await page.goto(`/#/jobs?job=${REPORT_JOB.id}`);
  const detail = page.getByRole('region', { name: 'Job detail' });
  await expect(detail.getByRole('heading', { level: 2 })).toContainText(REPORT_JOB.title);

  await detail.getByRole('button', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem' });
  await expect(dialog.getByRole('radio')).toHaveCount(8);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose what is wrong with this job.');
  await dialog.getByRole('radio', { name: 'Something else (say what)' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Say what is wrong in the message.');
  await dialog.getByRole('radio', { name: 'The apply link is broken' }).check();
  await dialog.getByLabel(/Message/).fill('The apply page answers 404.');
  await page.screenshot({ path: 'test-results/e2e/report-dialog.png' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('status')).toContainText('Report queued');
  await dialog.getByRole('link', { name: 'See your reports' }).click();

  // Not signed in: the report waits, and says why.
  const outbox = page.getByRole('table', { name: 'Outbox' });
  const row = outbox.getByRole('row', { name: /The apply link is broken/ });
  await expect(row).toContainText('Failed: sign in needed');
  await expect(row).toContainText('sign in to send reports');

  // A wrong password is refused in words; the right one sends what waited.
  const form = page.getByRole('form', { name: 'Sign in to send reports' });
  await form.getByLabel('E-mail').fill(E2E_ACCOUNT.email);
  await form.getByLabel('Password').fill('not the password');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(form.getByRole('alert')).toContainText('does not know this e-mail and password');
  await form.getByLabel('Password').fill(E2E_ACCOUNT.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`as ${E2E_ACCOUNT.email}`)).toBeVisible();
  await expect(row).toContainText('Sent', { timeout: 10_000 });
  await page.screenshot({ path: 'test-results/e2e/reports-outbox.png' });

  // Reporting it expired takes it out of local search at once.
  expect((await listJobs(page, { query: REPORT_JOB.title })).data.map((j) => j.id)).toContain(REPORT_JOB.id);
  await page.goto(`/#/jobs?job=${REPORT_JOB.id}`);
  await detail.getByRole('button', { name: 'Report' }).click();
  await dialog.getByRole('radio', { name: 'The job is no longer open' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('status')).toContainText('hidden from your results');
  expect((await listJobs(page, { query: REPORT_JOB.title })).data.map((j) => j.id)).not.toContain(REPORT_JOB.id);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('link', { name: 'Hidden', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Hidden jobs' })).toContainText(`${REPORT_JOB.title}`);
  await expect(page.getByRole('list', { name: 'Hidden jobs' })).toContainText('reported expired');
});
