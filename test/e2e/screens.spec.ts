import { expect, holdListAnswers, listJobs, openJobs, rows, test } from './support/app.js';

// Screenshots of the main screens in both themes, saved with the test output for a person to look at.
for (const scheme of ['light', 'dark'] as const) {
  test(`main screens in the ${scheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const list = await openJobs(page, '?q=engineer&remote=true');
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    // The theme follows the system: a dark page in dark mode, a light one otherwise.
    const [r, g, b] = bg.match(/\d+/g)!.map(Number);
    if (scheme === 'dark') expect(r! + g! + b!).toBeLessThan(150);
    else expect(r! + g! + b!).toBeGreaterThan(600);
    const first = (await listJobs(page, { query: 'engineer', filters: { remote: true }, limit: 1 })).data[0]!;
    await rows(list).first().click();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(first.title);
    await page.screenshot({ path: test.info().outputPath(`jobs-${scheme}.png`) });
    await page.goto('/#/companies');
    await expect(rows(page.getByRole('listbox', { name: 'Companies' })).first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`companies-${scheme}.png`) });
  });
}

test('loading skeletons show while the first page is on its way', async ({ page }) => {
  const release = await holdListAnswers(page);
  await page.goto('/#/jobs?q=engineer');
  await expect(page.getByRole('status', { name: 'Loading jobs' })).toBeVisible();
  release();
  await expect(page.getByRole('listbox', { name: 'Jobs' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading jobs' })).toHaveCount(0);
});

test("the UI runs under the desktop shell's strict CSP (no inline script or style needed)", async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __csp: string[] }).__csp = []);
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.route(
    (url) => url.pathname === '/' || url.pathname === '/index.html',
    async (route) => {
      const res = await route.fetch();
      await route.fulfill({
        response: res,
        headers: {
          ...res.headers(),
          'content-security-policy': "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:",
        },
      });
    },
  );
  const list = await openJobs(page, '?q=engineer');
  await rows(list).first().click();
  await expect(page.getByTestId('description')).toBeVisible();
  await list.evaluate((el) => el.scrollBy(0, 2000));
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
});
