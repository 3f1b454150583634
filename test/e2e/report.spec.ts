import { expect, listJobs, test } from './support/app.js';
import { E2E_ACCOUNT } from './support/e2e-upstream.js';
import { startIsolatedApp } from './support/isolated-app.js';
import { REPORT_JOB } from './support/user-fixtures.js';

// The report dialog on a job, the outbox with each report's state, signing in to the upstream
// (`jobindex serve --accounts`, started beside the app) to send what waits.

test('a report waits in the outbox until the user signs in, then is sent; reporting expired hides the job', async ({
  page,
}) => {
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
  await expect(row).toContainText('Waiting: sign in to send');
  await expect(row).not.toContainText('Failed');
  // The job by its title, not its id (issue 18 item 11).
  await expect(row.getByRole('link', { name: new RegExp(`^${REPORT_JOB.title} at `) })).toBeVisible();
  await expect(row).toContainText('sign in to send reports');

  // A wrong password is refused in words; the right one sends what waited.
  const form = page.getByRole('form', { name: 'Sign in to send reports' });
  await form.getByLabel('E-mail').fill(E2E_ACCOUNT.email);
  await form.getByLabel('Password').fill('not the password');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(form.getByRole('alert')).toContainText('Wrong e-mail or password. Check both');
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

// The upstream's refusals, each against an app and upstream of its own (startIsolatedApp): signing
// in as another account, or throttling an e-mail, must not change what the test above sees.

test('an account whose e-mail is not verified: reports are blocked (403), the screen says why and what to do', async ({
  page,
}) => {
  const account = { email: 'unverified@example.com', password: 'not verified yet, sadly', verified: false };
  const own = await startIsolatedApp([account]);
  try {
    const made = await page.request.post(`${own.url}/svc.reports.v1.ReportsService/Create`, {
      data: { jobId: REPORT_JOB.id, type: 'duplicate' },
      headers: { 'content-type': 'application/json' },
    });
    expect(made.status()).toBe(200);
    await page.goto(`${own.url}/#/reports`);
    const row = page.getByRole('table', { name: 'Outbox' }).getByRole('row', { name: /Duplicate of another job/ });
    await expect(row).toContainText('Waiting: sign in to send');
    await expect(row).not.toContainText('Failed');

    const form = page.getByRole('form', { name: 'Sign in to send reports' });
    await form.getByLabel('E-mail').fill(account.email);
    await form.getByLabel('Password').fill(account.password);
    await form.getByRole('button', { name: 'Sign in' }).click();

    // Signed in, but the upstream refuses the report: the account and the report both say why.
    await expect(page.getByText(`as ${account.email}`)).toBeVisible();
    await expect(page.getByRole('note', { name: 'E-mail not verified' })).toContainText(
      `${account.email} was not verified, and the job index service refuses reports until it is. Verify your e-mail address with the service, then choose “Retry now”.`,
    );
    await expect(row).toContainText('Blocked: e-mail not verified', { timeout: 10_000 });
    await expect(row).toContainText('verify your e-mail address with the upstream, then retry');
    await page.screenshot({ path: 'test-results/e2e/reports-blocked.png' });

    // Doing what it says sends the report.
    own.verify(account.email);
    await page.getByRole('button', { name: 'Retry now' }).click();
    await expect(row).toContainText('Sent', { timeout: 10_000 });
  } finally {
    await own.stop();
  }
});

test('too many sign-in attempts (429 with Retry-After): the form says so and when to try again', async ({ page }) => {
  const account = { email: 'forgetful@example.com', password: 'the one I keep forgetting', verified: true };
  const own = await startIsolatedApp([account]);
  try {
    await page.goto(`${own.url}/#/reports`);
    const form = page.getByRole('form', { name: 'Sign in to send reports' });
    await form.getByLabel('E-mail').fill(account.email);
    const attempt = async (password: string) => {
      await form.getByLabel('Password').fill(password);
      await form.getByRole('button', { name: 'Sign in' }).click();
    };
    // The upstream allows 5 attempts per e-mail in 15 minutes (docs/decisions/accounts.md).
    for (let i = 1; i <= 5; i++) {
      await attempt(`wrong guess number ${i}`);
      await expect(form.getByRole('alert')).toHaveText(/^Wrong e-mail or password\./);
      await expect(form.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    }
    await attempt('wrong guess number 6');
    const alert = form.getByRole('alert');
    await expect(alert).toContainText(
      'Too many sign-in attempts for this e-mail: the job index service refuses more for now.',
    );
    // Retry-After is the rest of the 15-minute window, said in minutes and as a time of day.
    await expect(alert).toContainText(/Try again in 1[45] minutes \(after \d{1,2}:\d{2}( [AP]M)?\)\./);
    await page.screenshot({ path: 'test-results/e2e/sign-in-throttled.png' });

    // While throttled even the right password is refused, with the same advice; no session is made.
    await attempt(account.password);
    await expect(alert).toContainText('Too many sign-in attempts');
    await expect(page.getByText(`as ${account.email}`)).toHaveCount(0);
  } finally {
    await own.stop();
  }
});

test('Retry now says why nothing went, counts no attempt, and sends once signed in; "Forgot your password?" asks the service', async ({
  page,
}) => {
  const account = { email: 'absent-minded@example.com', password: 'written on a sticky note', verified: true };
  // Two more servers (an app and its upstream) start first: slow on two shared cores.
  test.setTimeout(60_000);
  const own = await startIsolatedApp([account]);
  try {
    const made = await page.request.post(`${own.url}/svc.reports.v1.ReportsService/Create`, {
      data: { jobId: REPORT_JOB.id, type: 'spam' },
      headers: { 'content-type': 'application/json' },
    });
    expect(made.status()).toBe(200);
    await page.goto(`${own.url}/#/reports`);
    const row = page.getByRole('table', { name: 'Outbox' }).getByRole('row', { name: /Spam or a scam/ });
    await expect(row).toContainText('Waiting: sign in to send');

    // Not signed in: Retry now tells why, and pressing it does not pile up "attempts".
    const retry = page.getByRole('button', { name: 'Retry now' });
    for (let i = 0; i < 3; i++) {
      await retry.click();
      await expect(page.getByRole('status').filter({ hasText: 'Nothing sent' })).toHaveText(
        'Nothing sent: 1 report still waits (sign in to send reports).',
      );
    }
    await expect(row).not.toContainText('attempt');

    // The password is forgotten: the form asks for the e-mail first, then the service is asked.
    const form = page.getByRole('form', { name: 'Sign in to send reports' });
    await form.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'Enter your e-mail address above, then choose “Forgot your password?” again.',
    );
    await form.getByLabel('E-mail').fill(account.email);
    await form.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(form.getByRole('status')).toHaveText(
      `If ${account.email} has an account on ${own.upstream}, an e-mail to reset its password is on its way.`,
    );
    expect(own.passwordResets()).toEqual([account.email]);

    // Signed in, Retry now has nothing left to do: the sign-in sent the report.
    await form.getByLabel('Password').fill(account.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(row).toContainText('Sent', { timeout: 10_000 });
    await expect(row).toContainText('1 attempt');
    await expect(retry).toBeDisabled();
  } finally {
    await own.stop();
  }
});

test('with no job index service set, Reports points to Settings, where setting one lets reports go', async ({
  page,
}) => {
  const account = { email: 'newcomer@example.com', password: 'a brand new password', verified: true };
  test.setTimeout(60_000);
  const own = await startIsolatedApp([account]);
  try {
    await page.goto(`${own.url}/#/settings`);
    const service = page.getByRole('form', { name: 'Job index service' });
    await service.getByRole('button', { name: 'Turn sync off' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toHaveText('Saved. Sync is off.');
    const made = await page.request.post(`${own.url}/svc.reports.v1.ReportsService/Create`, {
      data: { jobId: REPORT_JOB.id, type: 'duplicate' },
      headers: { 'content-type': 'application/json' },
    });
    expect(made.status()).toBe(200);

    await page.getByRole('link', { name: 'Reports', exact: true }).click();
    const row = page.getByRole('table', { name: 'Outbox' }).getByRole('row', { name: /Duplicate of another job/ });
    await expect(row).toContainText('no job index service is set');
    await expect(page.getByText('No job index service is set to receive reports')).toBeVisible();
    await page.getByRole('link', { name: 'Set one in Settings' }).click();
    await expect(page).toHaveURL(/#\/settings$/);
    await service.getByLabel('Address').fill(own.upstream);
    await service.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toContainText(
      `Saved. The index syncs from ${own.upstream}/ every 60 minutes.`,
    );

    await page.goBack();
    const form = page.getByRole('form', { name: 'Sign in to send reports' });
    await form.getByLabel('E-mail').fill(account.email);
    await form.getByLabel('Password').fill(account.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(row).toContainText('Sent', { timeout: 10_000 });
  } finally {
    await own.stop();
  }
});
