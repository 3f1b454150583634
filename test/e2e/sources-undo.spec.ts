import { expect, test } from './support/app.js';
import { startSourcesApp, type SourcesApp } from './support/sources-app.js';

// Following asks the platform first: a board it says does not exist is refused, one it cannot
// be reached for is kept and shown as not checked yet; Unfollow has Undo (issue 26).

let app: SourcesApp;
test.beforeAll(async () => {
  app = await startSourcesApp();
});
test.afterAll(async () => {
  await app?.stop();
});

test('a board that does not exist is refused; one not reachable is kept unchecked; unfollow has Undo', async ({
  page,
}) => {
  // Crawls over loopback, on a shared 2-core machine.
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${app.url}/#/sources`);
  const input = page.getByLabel('Careers page URL or company name');
  const follow = async (text: string) => {
    await input.fill(text);
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
  };
  const boards = page.getByRole('list', { name: 'Followed boards' });

  // The platform answers 404: refused, naming the field's words and what was asked; nothing followed.
  await follow('https://job-boards.greenhouse.io/nosuch');
  await expect(page.getByRole('alert')).toContainText('Greenhouse has no board "nosuch"');
  await expect(page.getByRole('alert')).toContainText('answered 404');
  await expect(input).toHaveValue('https://job-boards.greenhouse.io/nosuch');
  await expect(page.getByText('No boards yet.')).toBeVisible();

  // An API URL is the board; followed and crawled.
  await follow('https://boards-api.greenhouse.io/v1/boards/acme/jobs');
  const acme = boards.getByRole('listitem', { name: 'acme on Greenhouse' });
  await expect(acme).toContainText('Up to date', { timeout: 90_000 });
  await expect(page.locator('.appbar__info')).toHaveText('2 jobs · 1 company');

  // The platform answers 500: kept, and shown as not checked yet.
  await follow('greenhouse:broken');
  const broken = boards.getByRole('listitem', { name: 'broken on Greenhouse' });
  await expect(broken).toContainText(
    'Not checked yet: Greenhouse could not be reached when followed (answered 500 Internal Server Error). Kept; its next crawl checks it.',
  );
  await page.screenshot({ path: 'test-results/e2e/sources-unchecked.png' });

  // Unfollow, then Undo: the board comes back in its place and its jobs return to search.
  await acme.getByRole('button', { name: 'Unfollow acme on Greenhouse' }).click();
  await expect(acme).toHaveCount(0);
  await expect(page.locator('.appbar__info')).toHaveText(/^0 jobs · /);
  const toast = page.getByRole('status').filter({ hasText: 'Unfollowed acme on Greenhouse' });
  await expect(toast).toContainText('Unfollowed acme on Greenhouse; its jobs leave search.');
  await page.screenshot({ path: 'test-results/e2e/sources-unfollow-undo.png' });
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(boards.getByRole('listitem').first()).toHaveAccessibleName('acme on Greenhouse');
  await expect(acme).toContainText('Up to date', { timeout: 90_000 });
  await expect(page.locator('.appbar__info')).toHaveText('2 jobs · 1 company');
});
