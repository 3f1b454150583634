import { expect, test } from './support/app.js';
import { startSourcesApp, type SourcesApp } from './support/sources-app.js';

// The shipped board directory on Sources: a company name answers from it as it is typed, offline,
// before any platform is probed, and a board found there is followed and crawled (from a local
// replay of the platforms' public APIs).

let app: SourcesApp;
test.beforeAll(async () => {
  app = await startSourcesApp();
});
test.afterAll(async () => {
  await app?.stop();
});

test('search the directory by company name and follow a board found there', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`${app.url}/#/sources`);
  const input = page.getByLabel('Careers page URL or company name');

  // Typing a name lists the directory's boards at once, without pressing Follow.
  await input.fill('Stripe');
  const matches = page.getByRole('list', { name: 'Directory matches' });
  // The first answer may wait for the file's one read at start-up (a loaded 2-core machine).
  await expect(matches.getByRole('listitem').first()).toContainText('Stripe — Greenhouse', { timeout: 30_000 });
  await expect(page.getByRole('list', { name: 'Boards found' })).toHaveCount(0);
  // A board on a platform the crawler does not read yet is listed, not offered.
  await input.fill('sutter health');
  await expect(matches.getByRole('listitem').first()).toContainText('not crawled yet');
  await page.screenshot({ path: 'test-results/e2e/directory-matches.png' });

  // A URL is not a name: the directory stays out of it.
  await input.fill('https://jobs.lever.co/acme');
  await expect(matches).toHaveCount(0);

  // Follow a directory board: the replay answers for recruitee:acme, and the board is crawled.
  await input.fill('acme');
  await matches.getByRole('button', { name: 'Follow acme on Recruitee' }).click();
  const followed = page.getByRole('list', { name: 'Followed boards' });
  await expect(followed.getByRole('listitem')).toHaveCount(1);
  await expect(followed.getByRole('listitem').first()).toContainText('acme');
  await expect(followed.getByRole('listitem').first()).toContainText('Up to date', { timeout: 60_000 });
});
