import type { Locator, Page } from '@playwright/test';
import { api, expect, test } from './support/app.js';
import { POLISH_SAVE_JOB } from './support/polish-fixtures.js';

// Issue 31 (layout): at 800 px the Undo toast covered the lower half of the detail's action
// buttons; at 1280 px the wider "Saved ★ — Unsave" pushed "Block company" to a second line.

test.describe.configure({ mode: 'serial', timeout: 60_000 });

async function openSaved(page: Page, width: number, height: number): Promise<Locator> {
  await page.setViewportSize({ width, height });
  // Saved before the app opens: the app reads the saved jobs when it starts (a hash change alone
  // does not reload them).
  await api(page, '/svc.saved.v1.SavedJobsService/Save', { jobId: POLISH_SAVE_JOB.id });
  await page.goto(`/#/jobs?q=${encodeURIComponent(POLISH_SAVE_JOB.title)}&job=${POLISH_SAVE_JOB.id}`);
  const actions = page.getByRole('region', { name: 'Job detail' }).getByRole('group', { name: 'Job actions' });
  await expect(actions.getByRole('button', { name: 'Saved — Unsave' })).toBeVisible({ timeout: 20_000 });
  return actions;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('at 1280 px the saved job’s actions stay on one line', async ({ page }) => {
  const actions = await openSaved(page, 1280, 800);
  const tops = await actions.getByRole('button').evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().top));
  expect(tops.length).toBeGreaterThanOrEqual(4);
  expect(new Set(tops).size, `button tops ${tops.join(', ')}`).toBe(1);
  await page.screenshot({ path: '/tmp/uip-shots/actions-1280.png' });
});

for (const scheme of ['light', 'dark'] as const) {
  test(`at 800×600 (${scheme}) the Undo toast covers none of the detail’s actions`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const actions = await openSaved(page, 800, 600);
    await actions.getByRole('button', { name: 'Saved — Unsave' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Unsaved' });
    await expect(toast).toBeVisible();
    const t = (await toast.boundingBox())!;
    for (const b of await actions.getByRole('button').all()) {
      // Each action is on screen (not scrolled away under the toast's line) and not under the toast.
      await expect(b).toBeInViewport();
      const box = (await b.boundingBox())!;
      expect(overlaps(t, box), `toast over “${await b.textContent()}”`).toBe(false);
    }
    await page.screenshot({ path: `/tmp/uip-shots/toast-800-${scheme}.png` });
    await toast.getByRole('button', { name: 'Undo' }).click();
  });
}
