import { api, expect, test } from './support/app.js';
import { startIsolatedApp } from './support/isolated-app.js';

// Issue 18 item 11: a Settings screen for what only a hand-edited setting could change before —
// the upstream and its schedule, the theme — and where the data lives. Changes go to an app with a
// user file of its own (startIsolatedApp): the shared one's upstream and theme stay as the other
// specs expect.

test('Settings is one Tab-reachable link away and shows the upstream, the schedule, the files and the sample-data state', async ({
  page,
}) => {
  await page.goto('/#/jobs');
  const link = page.getByRole('link', { name: 'Settings' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(link).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle(/Settings/);

  const service = page.getByRole('form', { name: 'Job index service' });
  const upstream = `http://127.0.0.1:${Number(process.env.JOBINDEX_E2E_PORT ?? 4327) + 1}/`;
  await expect(service.getByLabel('Address')).toHaveValue(upstream);
  await expect(service.getByLabel('Sync every (minutes)')).toHaveValue('60');
  await expect(page.getByText('This browser page does not sync by itself')).toBeVisible();

  await expect(
    page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Same as the system' }),
  ).toBeChecked();

  const data = page.getByRole('region', { name: 'Your data' });
  await expect(data.getByRole('definition').first()).toHaveText(process.env.JOBINDEX_E2E_INDEX!);
  await expect(data.getByRole('definition').nth(1)).toHaveText(process.env.JOBINDEX_E2E_USER!);
  const info = await api<{ sampleData?: boolean }>(page, '/svc.meta.v1.MetaService/GetInfo', {});
  await expect(data.getByRole('note', { name: 'Sample data' })).toHaveCount(info.sampleData ? 1 : 0);

  for (const [w, h] of [
    [1280, 800],
    [800, 600],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `test-results/e2e/settings-${w}x${h}-${scheme}.png`, fullPage: true });
    }
  }
});

test('a wrong address or schedule is refused at its field in words; a good one is kept and used', async ({ page }) => {
  // Two more servers (an app and its upstream) start first: slow on two shared cores.
  test.setTimeout(60_000);
  const own = await startIsolatedApp([]);
  try {
    await page.goto(`${own.url}/#/settings`);
    const service = page.getByRole('form', { name: 'Job index service' });
    const address = service.getByLabel('Address');
    const minutes = service.getByLabel('Sync every (minutes)');

    await address.fill('jobs dot example dot org');
    await service.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Enter the web address of a job index service, starting with https:// (or http://).',
    );
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await expect(address).toHaveAccessibleDescription(/starting with https:\/\//);

    await address.fill('https://jobs.example.org');
    await minutes.fill('2');
    await service.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert')).toHaveText('Sync at most every 5 minutes: enter 5 or more.');
    await expect(minutes).toHaveAttribute('aria-invalid', 'true');
    await expect(address).not.toHaveAttribute('aria-invalid', 'true');

    await minutes.fill('30');
    await service.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toHaveText(
      'Saved. The index syncs from https://jobs.example.org/ every 30 minutes.',
    );
    await expect(page.getByRole('alert')).toHaveCount(0);

    // Kept in the user's file: a reload reads it back, and reports now go to that service.
    await page.reload();
    await expect(address).toHaveValue('https://jobs.example.org/');
    await expect(minutes).toHaveValue('30');
    const account = await api<{ upstream?: string }>(page, `${own.url}/svc.reports.v1.ReportsService/GetAccount`, {});
    expect(account.upstream).toBe('https://jobs.example.org');
  } finally {
    await own.stop();
  }
});

test('the theme applies at once, is kept in the user file, and overrides the system', async ({ page, browser }) => {
  // Two more servers (an app and its upstream) start first: slow on two shared cores.
  test.setTimeout(60_000);
  const own = await startIsolatedApp([]);
  try {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${own.url}/#/settings`);
    const themes = page.getByRole('group', { name: 'Theme' });
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();

    await themes.getByRole('radio', { name: 'Dark' }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect.poll(background).not.toBe(light);
    const dark = await background();

    // A new window (nothing cached in its storage) reads the theme from the user file.
    const other = await browser.newPage({ colorScheme: 'light' });
    try {
      await other.goto(`${own.url}/#/jobs`);
      await expect(other.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect.poll(() => other.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(dark);
    } finally {
      await other.close();
    }

    // Light wins over a dark system; "Same as the system" follows it again.
    await page.emulateMedia({ colorScheme: 'dark' });
    await themes.getByRole('radio', { name: 'Light' }).check();
    await expect.poll(background).toBe(light);
    await themes.getByRole('radio', { name: 'Same as the system' }).check();
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
    await expect.poll(background).toBe(dark);
  } finally {
    await own.stop();
  }
});
