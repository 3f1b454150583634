import type { Page } from '@playwright/test';
import { api, expect, test } from './support/app.js';
import { MARKUP_JOB } from './support/polish-fixtures.js';

// Issue 31 item 9: a screen opened by URL (a launch, a shared link, Back) left focus on <body>, so
// a keyboard user started nowhere and a screen reader said nothing. Focus now lands on the open
// job's title, else the screen's search box, else its heading.

test.describe.configure({ timeout: 60_000 });

/** What holds focus: its tag, and its text or label. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return `${el.localName} ${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}`.trim();
  });

async function expectFocus(page: Page, expected: string | RegExp): Promise<void> {
  await expect.poll(() => focused(page), { timeout: 20_000 }).toMatch(expected);
}

const LINKS: Array<[hash: string, expected: string | RegExp]> = [
  [`/#/jobs?q=${encodeURIComponent(MARKUP_JOB.title)}&job=${MARKUP_JOB.id}`, `h2 ${MARKUP_JOB.title}`],
  ['/#/jobs?q=lacquerer', /^input /],
  ['/#/companies', /^input /],
  ['/#/saved', 'h1 Saved jobs'],
  ['/#/searches', /^h1 /],
  ['/#/reports', 'h1 Reports'],
  ['/#/sources', /^(h1 Sources|input )/],
  ['/#/settings', 'h1 Settings'],
];

for (const [hash, expected] of LINKS) {
  test(`opening ${hash} puts focus on the screen, not <body>`, async ({ page }) => {
    await page.goto(hash);
    await expectFocus(page, expected);
  });
}

test('a saved job opened by link focuses its title; Back focuses the screen left', async ({ page }) => {
  await page.goto('/#/settings');
  await expectFocus(page, 'h1 Settings');
  await api(page, '/svc.saved.v1.SavedJobsService/Save', { jobId: MARKUP_JOB.id });
  await page.goto(`/#/saved?job=${MARKUP_JOB.id}`);
  await expectFocus(page, new RegExp(`^h2 ${MARKUP_JOB.title}`));
  await page.goBack();
  await expectFocus(page, 'h1 Settings');
  // The focused heading is announced by name: it is the heading the screen reader reads.
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeFocused();
});
