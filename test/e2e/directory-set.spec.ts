import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../helpers/built-dist.js';
import { startFakePlatforms, type FakePlatforms } from '../helpers/fake-platforms.js';
import { expect, test } from './support/app.js';
import { copyE2eIndex, serve } from './support/isolated-app.js';

// Following a set of 200 directory boards (issue 28): the estimate before, the first crawl's
// progress, Stop, Resume, and "N postings when last read" — every platform pointed at a local
// server answering any board in its platform's shape (our own fixtures).

let fake: FakePlatforms;
let app: { url: string; stop(): Promise<void> };
let dir: string;
test.beforeAll(async () => {
  fake = await startFakePlatforms();
  const copy = copyE2eIndex('directory-set');
  dir = copy.dir;
  const bases = Object.entries(fake.apiBase()).flatMap(([p, url]) => ['--crawl-api-base', `${p}=${url}`]);
  app = await serve([
    '--db',
    copy.index,
    '--user-data',
    join(dir, 'user.sqlite'),
    '--ui',
    join(root, 'dist', 'renderer'),
    ...bases,
  ]);
});
test.afterAll(async () => {
  await app?.stop();
  await fake?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('follow a set of 200 boards: estimate, progress, stop, resume', async ({ page }) => {
  test.setTimeout(420_000);
  await page.goto(`${app.url}/#/sources`);
  const set = page.getByRole('region', { name: 'Follow a set of boards' });

  // The estimate comes first; nothing is followed by asking for it.
  await set.getByLabel('Starter set').selectOption('every-list');
  await set.getByLabel('At most').fill('200');
  await set.getByRole('button', { name: 'Estimate' }).click();
  const estimate = set.getByLabel('Estimate');
  await expect(estimate).toContainText('200 boards to follow', { timeout: 60_000 });
  await expect(estimate).toContainText('postings expected');
  await expect(estimate).toContainText('of disk');
  await set.getByText('How this is estimated').click();
  await expect(estimate).toContainText('measured at 5,000 boards');
  await page.screenshot({ path: 'test-results/e2e/directory-set-estimate.png', fullPage: true });
  const followed = page.getByRole('list', { name: 'Followed boards' });
  await expect(followed).toHaveCount(0);

  // Slow answers, so the first crawl is still running when it is stopped.
  fake.delayMs = 400;
  await set.getByRole('button', { name: 'Follow 200 boards' }).click();
  await expect(followed.getByRole('listitem')).toHaveCount(200, { timeout: 60_000 });
  const progress = page.getByRole('status', { name: 'Crawl progress' });
  await expect(progress).toContainText(/Crawling: \d+ of 200 boards/, { timeout: 60_000 });
  await expect
    .poll(async () => Number(/Crawling: (\d+) of/.exec((await progress.textContent()) ?? '')?.[1] ?? 0), {
      timeout: 120_000,
    })
    .toBeGreaterThanOrEqual(10);
  await page.screenshot({ path: 'test-results/e2e/directory-set-progress.png' });
  await progress.getByRole('button', { name: 'Stop crawl' }).click();

  // Stopped: what was read stays read; the rest waits for Resume.
  await expect(progress).toContainText(/followed boards not read yet/, { timeout: 60_000 });
  const left = Number(
    /([\d,]+) followed boards? not read yet/.exec((await progress.textContent()) ?? '')?.[1]?.replace(/,/g, ''),
  );
  expect(left).toBeGreaterThan(0);
  expect(left).toBeLessThan(200);
  const askedAtStop = new Map(fake.asked);
  await expect(followed.getByText('Up to date')).toHaveCount(200 - left);

  fake.delayMs = 0;
  await progress.getByRole('button', { name: 'Resume crawl' }).click();
  await expect(progress).toHaveCount(0, { timeout: 300_000 });
  await expect(followed.getByText('Up to date')).toHaveCount(200, { timeout: 60_000 });
  // Resume read exactly the boards the stopped crawl had not finished (those cut off in flight
  // included); none finished before the stop was asked again.
  expect(fake.asked.size).toBe(200);
  const askedAgain = [...fake.asked].filter(([k, n]) => n > (askedAtStop.get(k) ?? 0));
  expect(askedAgain).toHaveLength(left);

  // The directory now tells how many postings each followed board listed when last read.
  const first = await followed.getByRole('listitem').first().getAttribute('aria-label');
  const token = first!.split(' on ')[0]!;
  await page.getByLabel('Careers page URL or company name').fill(token);
  const matches = page.getByRole('list', { name: 'Directory matches' });
  await expect(matches.getByRole('listitem').filter({ hasText: token }).first()).toContainText(
    /\d+ postings? when last read/,
  );
  await expect(matches.getByRole('listitem').filter({ hasText: token }).first()).toContainText('Following');
});
