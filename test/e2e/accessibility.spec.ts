import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { api, expect, jobList, openJobs, rows, test } from './support/app.js';
import { NOTES_JOB } from './support/user-fixtures.js';

// Issue 18 item 15: axe-core over every screen and dialog, light and dark; any serious or
// critical finding fails, named with the nodes it was found on.

async function expectNoSeriousFindings(page: Page, where: string): Promise<void> {
  const r = await new AxeBuilder({ page }).analyze();
  const bad = r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
  expect(bad, where).toEqual([]);
}

const SCREENS: Array<[name: string, open: (page: Page) => Promise<void>]> = [
  [
    'search with a job open',
    async (page) => {
      const list = await openJobs(page, '?q=engineer');
      await rows(list).first().click();
      await expect(page.getByRole('region', { name: 'Job detail' }).getByRole('heading', { level: 2 })).toBeVisible();
    },
  ],
  [
    'companies',
    async (page) => {
      await page.goto('/#/companies');
      await expect(rows(page.getByRole('listbox', { name: 'Companies' })).first()).toBeVisible();
    },
  ],
  [
    'a company',
    async (page) => {
      await page.goto('/#/companies');
      await rows(page.getByRole('listbox', { name: 'Companies' }))
        .first()
        .click();
      await expect(rows(jobList(page).or(page.getByRole('listbox', { name: 'Company jobs' }))).first()).toBeVisible();
    },
  ],
  [
    'saved board with a job open',
    async (page) => {
      await page.goto('/');
      await api(page, '/svc.saved.v1.SavedJobsService/Save', { jobId: NOTES_JOB.id });
      await page.goto(`/#/saved?job=${NOTES_JOB.id}`);
      await expect(
        page.getByRole('region', { name: 'Saved job detail' }).getByRole('heading', { level: 2 }),
      ).toBeVisible();
    },
  ],
  [
    'saved list',
    async (page) => {
      await page.goto('/#/saved?view=list');
      await expect(page.getByRole('heading', { name: 'Saved jobs', level: 1 })).toBeVisible();
    },
  ],
  [
    'searches',
    async (page) => {
      await page.goto('/#/searches');
      await expect(page.getByRole('main')).not.toBeEmpty();
    },
  ],
  [
    'hidden',
    async (page) => {
      await page.goto('/#/hidden');
      await expect(page.getByRole('main')).not.toBeEmpty();
    },
  ],
  [
    'reports',
    async (page) => {
      await page.goto('/#/reports');
      await expect(page.getByRole('main')).not.toBeEmpty();
    },
  ],
  [
    'settings',
    async (page) => {
      await page.goto('/#/settings');
      await expect(page.getByRole('form', { name: 'Job index service' })).toBeVisible();
    },
  ],
  [
    'the shortcuts dialog',
    async (page) => {
      await openJobs(page);
      await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    },
  ],
  [
    'the report dialog',
    async (page) => {
      const list = await openJobs(page, '?q=engineer');
      await rows(list).first().click();
      await page
        .getByRole('region', { name: 'Job detail' })
        .getByRole('button', { name: /^Report/ })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  ],
];

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme}`, () => {
    test.use({ colorScheme: scheme });
    for (const [name, open] of SCREENS) {
      test(`axe: ${name} (${scheme})`, async ({ page }) => {
        // axe reads the whole page: slow on two shared cores.
        test.setTimeout(60_000);
        await open(page);
        // Wait for what loads after the first paint (counts, similar jobs).
        await page.waitForLoadState('networkidle');
        await expectNoSeriousFindings(page, `${name}, ${scheme}`);
      });
    }
  });
}

test('a skip link is the first stop of Tab and lands on the results; the rows are saved with s', async ({ page }) => {
  const list = await openJobs(page, '?q=engineer');
  // Opening the screen put focus in the search box (focus-on-open); from the top of the page
  // (focus on the body moves the browser's Tab starting point there), the skip link is the first stop.
  await page.evaluate(() => {
    document.body.tabIndex = -1;
    document.body.focus();
    document.body.removeAttribute('tabindex');
  });
  await page.keyboard.press('Tab');
  const skip = page.getByRole('button', { name: 'Skip to the results' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(list).toBeFocused();
  // No control inside a row: the next Tab leaves the list instead of walking 30 Save buttons.
  await expect(list.getByRole('button')).toHaveCount(0);
  await page.keyboard.press('ArrowDown');
  const active = list.locator('.is-active').getByRole('article');
  const name = (await active.getAttribute('aria-label'))!;
  await page.keyboard.press('s');
  await expect(active).toHaveAccessibleName(`${name}, saved`);
  await page.keyboard.press('s');
  await expect(active).toHaveAccessibleName(name);
});
