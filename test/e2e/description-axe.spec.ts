import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/app.js';
import { MARKUP_JOB } from './support/polish-fixtures.js';

// Issue 31 item 11: employer markup (lists holding divs, items outside lists, empty and top-level
// headings, inline styles) on the job detail, in Chromium: axe finds nothing serious or critical,
// and the description's headings sit under the job's h2 title. Real employer descriptions:
// test/renderer/description-axe-real.test.ts (../shared/data/realjobs through the replay server).

test.describe.configure({ timeout: 60_000 });

for (const [width, height] of [
  [1280, 800],
  [800, 600],
] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`employer markup on the detail at ${width}×${height} (${scheme}): no serious or critical finding`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`/#/jobs?q=${encodeURIComponent(MARKUP_JOB.title)}&job=${MARKUP_JOB.id}`);
      const description = page.getByRole('region', { name: 'Job detail' }).getByTestId('description');
      await expect(description.getByRole('heading', { name: 'About the role' })).toBeVisible({ timeout: 20_000 });
      expect(await description.locator('h1, h2').count()).toBe(0);
      await expect(description.getByRole('heading', { name: 'About the role', level: 3 })).toBeVisible();
      await expect(description.getByRole('heading', { name: 'What you will do', level: 4 })).toBeVisible();
      await expect(description.getByRole('heading', { name: 'Perks', level: 5 })).toBeVisible();
      expect(await description.locator('[style]').count()).toBe(0);
      await page.screenshot({ path: `/tmp/uip-shots/markup-${width}-${scheme}.png` });
      const r = await new AxeBuilder({ page }).analyze();
      const bad = r.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes[0]!.target.join(' ')}`);
      expect(bad).toEqual([]);
    });
  }
}
