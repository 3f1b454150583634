import { expect, test } from './support/app.js';
import { startSourcesApp, type SourcesApp } from './support/sources-app.js';

// Following real employers: the sample index says it is sample, a pasted URL or a company name
// becomes a followed board that is crawled (from a local replay of the platforms' public APIs),
// its jobs replace the sample in search, and the board can be crawled again or unfollowed.

let app: SourcesApp;
test.beforeAll(async () => {
  app = await startSourcesApp();
});
test.afterAll(async () => {
  await app?.stop();
});

test('follow an employer by name and by URL, see its state and jobs, crawl again, unfollow', async ({ page }) => {
  // Three crawls and a name lookup over loopback, on a shared 2-core machine.
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${app.url}/#/jobs`);
  const badge = page.getByRole('link', { name: 'Sample data' });
  await expect(badge).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e/sources-sample-badge.png' });

  await badge.click();
  await expect(page).toHaveURL(/#\/sources$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sources' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('Sample data.');
  await expect(page.getByRole('list', { name: 'Followed boards' })).toHaveCount(0);
  await expect(page.getByText('No boards yet.')).toBeVisible();

  // A URL of no known platform: the error names what to fix and what was typed stays.
  const input = page.getByLabel('Careers page URL or company name');
  await input.fill('https://example.com/careers');
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('not a known careers URL: "https://example.com/careers"');
  await expect(page.getByRole('alert')).toContainText('Greenhouse, Lever, Ashby');
  await expect(input).toHaveValue('https://example.com/careers');
  await expect(input).toHaveAttribute('aria-invalid', 'true');

  // A company nobody knows: says what was tried.
  await input.fill('Nobody Here');
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('no board with postings answered for "Nobody Here"');
  await expect(input).toHaveValue('Nobody Here');

  // A company name: the boards that answer with postings are offered, most postings first.
  await input.fill('Acme');
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  const found = page.getByRole('list', { name: 'Boards found' });
  // The local platforms answer "acme" on five of them (Breezy HR and JazzHR since their adapters).
  await expect(found.getByRole('listitem')).toHaveCount(5);
  await expect(found.getByRole('listitem').nth(0)).toContainText('Greenhouse acme · 2 postings');
  await expect(found.getByRole('listitem').nth(1)).toContainText('Lever acme · 1 posting');
  await expect(found.getByRole('listitem').nth(2)).toContainText('Recruitee acme · 1 posting');
  await expect(found.getByRole('listitem').nth(3)).toContainText('Breezy HR acme · 1 posting');
  await expect(found.getByRole('listitem').nth(4)).toContainText('JazzHR acme · 1 posting');
  await page.screenshot({ path: 'test-results/e2e/sources-candidates.png' });
  await page.setViewportSize({ width: 800, height: 600 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: 'test-results/e2e/sources-candidates-800-dark.png' });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await found.getByRole('button', { name: 'Follow acme on Greenhouse' }).click();

  // Followed: crawled in the background, the sample leaves, the board shows its state.
  const boards = page.getByRole('list', { name: 'Followed boards' });
  const acme = boards.getByRole('listitem', { name: 'acme on Greenhouse' });
  await expect(acme).toContainText('Up to date', { timeout: 20_000 });
  await expect(acme).toContainText('2 postings · crawled');
  await expect(acme).toContainText('2 new, 0 updated, 0 gone');
  await expect(page.getByRole('link', { name: 'Sample data' })).toHaveCount(0);
  await expect(page.getByRole('note')).toHaveCount(0);
  await expect(page.locator('.appbar__info')).toHaveText('2 jobs · 1 company');

  // A pasted URL; a board that cannot be read says so.
  await input.fill('https://job-boards.greenhouse.io/broken');
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(input).toHaveValue('');
  const broken = boards.getByRole('listitem', { name: 'broken on Greenhouse' });
  await expect(broken).toContainText('Could not read', { timeout: 20_000 });
  await expect(broken.locator('.board-row__error')).toContainText('500');
  await page.screenshot({ path: 'test-results/e2e/sources-1280-light.png' });
  await page.setViewportSize({ width: 800, height: 600 });
  await page.screenshot({ path: 'test-results/e2e/sources-800-light.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: 'test-results/e2e/sources-800-dark.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/e2e/sources-1280-dark.png' });
  await page.emulateMedia({ colorScheme: 'light' });

  // The crawled jobs are searchable.
  await page.getByRole('link', { name: 'Jobs', exact: true }).click();
  const results = page.getByRole('listbox', { name: 'Jobs' });
  await expect(results.getByRole('article', { name: 'Backend Engineer at Acme Robotics' })).toContainText(
    'Berlin, Germany',
  );
  await expect(results.getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('combobox', { name: 'Country' }).getByRole('option')).toHaveText([
    'Any',
    'Germany (1)',
    'United Kingdom (1)',
  ]);
  await page.getByRole('link', { name: 'Sources', exact: true }).click();

  // Crawl now: nothing changed, so nothing new.
  await acme.getByRole('button', { name: 'Crawl acme on Greenhouse now' }).click();
  await expect(acme).toContainText('0 new, 0 updated, 0 gone', { timeout: 20_000 });
  await expect(acme).toContainText('Up to date');

  // Unfollow both: the board's jobs leave search.
  await acme.getByRole('button', { name: 'Unfollow acme on Greenhouse' }).click();
  await expect(acme).toHaveCount(0);
  await expect(page.locator('.appbar__info')).toHaveText(/^0 jobs · /);
  await broken.getByRole('button', { name: 'Unfollow broken on Greenhouse' }).click();
  await expect(page.getByText('No boards yet.')).toBeVisible();
});
