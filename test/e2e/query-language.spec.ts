import { expect, firstIds, jobList, listJobs, openJobs, rows, test } from './support/app.js';
import { QUERY_JOBS } from './support/query-fixtures.js';

const box = (page: import('@playwright/test').Page) => page.getByRole('searchbox', { name: 'Search jobs' });
const note = (page: import('@playwright/test').Page) => page.getByRole('status', { name: 'How the search was read' });

test('c++, c# and node.js find the jobs that say them, not the whole list', async ({ page }) => {
  const list = await openJobs(page);
  for (const [query, title] of [
    ['c++', 'C++ Toolsmith'],
    ['C#', 'C# Toolsmith'],
    ['node.js', 'Node.js Toolsmith'],
  ] as const) {
    await box(page).fill(query);
    await expect(rows(list).filter({ hasText: title })).toHaveCount(1);
    const ids = await firstIds(list, 50);
    const want = await listJobs(page, { query, limit: 50 });
    expect(ids).toEqual(want.data.map((j) => j.id));
    expect(ids).toContain(QUERY_JOBS.find((j) => j.title === title)!.id);
    expect(ids.length, `${query} is not the whole index`).toBeLessThan(10);
    await expect(note(page)).toContainText(`Searching for ${query.toLowerCase()}`);
  }
});

test('a phrase, an exclusion, OR and title: are read as such, and the screen says how', async ({ page }) => {
  await openJobs(page);
  await box(page).fill('"c# toolsmith" OR title:node -compilers');
  await expect(note(page)).toContainText('Searching for "c# toolsmith" OR title:node -"compilers"');
  const list = jobList(page);
  await expect(rows(list)).toHaveCount(2);
  await expect(rows(list).filter({ hasText: 'C# Toolsmith' })).toHaveCount(1);
  await expect(rows(list).filter({ hasText: 'Node.js Toolsmith' })).toHaveCount(1);
});

test('parts of a query that are left out are named on screen, with the reason', async ({ page }) => {
  await openJobs(page);
  await box(page).fill('nurse OR');
  await expect(note(page)).toContainText('Searching for nurse');
  await expect(note(page)).toContainText('Left out OR: OR needs a word on each side');
  await box(page).fill('senior e');
  await expect(note(page)).toContainText(
    'Left out e: a one-letter word at the end counts once another word follows it, or in quotes',
  );
  await box(page).fill('!!!');
  await expect(note(page)).toContainText('Nothing in the search box can be searched for, so every job is listed');
  // Plain words need no explanation.
  await box(page).fill('nurse');
  await expect(note(page)).toHaveCount(0);
});

test('the ? dialog documents the search syntax', async ({ page }) => {
  await openJobs(page);
  // Opening the screen put focus in the search box (focus-on-open), where ? is a character.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  const syntax = dialog.getByRole('table', { name: 'Search syntax' });
  for (const example of ['"exact phrase"', '-word', 'nurse OR midwife', 'title:engineer', 'company:acme']) {
    await expect(syntax.getByRole('rowheader', { name: example, exact: true })).toBeVisible();
  }
});
