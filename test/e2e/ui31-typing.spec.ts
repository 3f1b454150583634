import { expect, test } from './support/app.js';
import { openJobsPatiently } from './support/open-patiently.js';

// Issue 31, "done when": what a person may type into the newer fields — a half-date, "c++", a
// 300-character string — in Follow a set (company words, "At most N") and the word-drop buttons:
// nothing typed is lost, and a wrong value gets a clear error that names the field.

test.describe.configure({ timeout: 120_000 });

const LONG = Array.from({ length: 40 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${i}`)
  .join(' ')
  .slice(0, 300);

test('Follow a set: "At most" keeps what was typed and names itself in the error', async ({ page }) => {
  await page.goto('/#/sources');
  const set = page.getByRole('region', { name: 'Follow a set of boards' });
  const limit = set.getByLabel('At most');
  const words = set.getByLabel('Company name words');
  await expect(limit).toBeVisible({ timeout: 20_000 });
  await words.fill('acme');
  for (const typed of ['c++', '2026-11', LONG]) {
    await limit.fill('');
    await limit.pressSequentially(typed.slice(0, 60), { delay: 0 });
    if (typed.length > 60) await limit.fill(typed);
    await expect(limit, 'nothing typed is lost').toHaveValue(typed);
    await set.getByRole('button', { name: 'Estimate' }).click();
    const error = set.getByRole('alert');
    await expect(error).toContainText(/^At most: /);
    await expect(error).toContainText('whole number from 1 to 20,000');
    await expect(limit).toHaveAttribute('aria-invalid', 'true');
    await expect(limit).toHaveAccessibleDescription(/At most: /);
    await expect(limit).toHaveValue(typed);
    await expect(words).toHaveValue('acme');
  }
  // Fixed: the error goes and the estimate comes.
  await limit.fill('25');
  await set.getByRole('button', { name: 'Estimate' }).click();
  await expect(set.getByLabel('Estimate')).toContainText('boards to follow', { timeout: 30_000 });
  await expect(set.getByRole('alert')).toHaveCount(0);
  await expect(limit).not.toHaveAttribute('aria-invalid', 'true');
});

test('Follow a set: company words keep "c++", a half-date and 300 characters, and answer plainly', async ({ page }) => {
  await page.goto('/#/sources');
  const set = page.getByRole('region', { name: 'Follow a set of boards' });
  const words = set.getByLabel('Company name words');
  await expect(words).toBeVisible({ timeout: 20_000 });
  for (const typed of ['c++', '2026-11', LONG]) {
    await words.fill(typed);
    await set.getByRole('button', { name: 'Estimate' }).click();
    // An estimate (perhaps of no boards) or an error naming the field; never a crash.
    const answer = set.getByLabel('Estimate').or(set.getByRole('alert'));
    await expect(answer).toBeVisible({ timeout: 30_000 });
    const alert = await set.getByRole('alert').count();
    if (alert) await expect(set.getByRole('alert')).toContainText(/^Company name words: /);
    await expect(words).toHaveValue(typed);
  }
  await page.screenshot({ path: '/tmp/ui-shots/follow-set-typed-1280.png', fullPage: true });
});

test('word drops keep every other word: "c++" and a half-date', async ({ page }) => {
  const box = page.getByRole('searchbox', { name: 'Search jobs' });
  for (const q of ['c++ zqxwvj', '2026-11 zqxwvj', 'c++ 2026-11 zqxwvj']) {
    await openJobsPatiently(page);
    await box.fill(q);
    const drops = page.getByRole('navigation', { name: 'Words to drop' });
    await expect(drops).toBeVisible({ timeout: 20_000 });
    const words = q.split(' ');
    await expect(drops.getByRole('button', { name: /^without “/ })).toHaveCount(words.length);
    await expect(box).toHaveValue(q);
    // Drop the first word: every other word stays, in order.
    await drops.getByRole('button', { name: `without “${words[0]}”` }).click();
    await expect(box).toHaveValue(words.slice(1).join(' '));
  }
});

test('a 300-character search is kept whole and says, naming the box, why it is not searched', async ({ page }) => {
  const box = page.getByRole('searchbox', { name: 'Search jobs' });
  await openJobsPatiently(page);
  await box.fill(LONG);
  await expect(box, 'nothing typed is lost').toHaveValue(LONG);
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toHaveAccessibleDescription(/^Search jobs: at most 200 characters; this has 300\./);
  // The box says why once; the list is not asked, so no API wording ("query.query: …") shows under it.
  await expect(page.getByText(/query\.query|The request was refused/)).toHaveCount(0);
  await page.screenshot({ path: '/tmp/ui-shots/search-too-long-1280.png' });
  // Shortened, it searches again: the error goes.
  await box.fill(LONG.slice(0, 120));
  await expect(box).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('navigation', { name: 'Words to drop' })).toBeVisible({ timeout: 20_000 });
});
