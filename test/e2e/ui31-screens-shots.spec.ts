import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/app.js';

// Issue 31: every screen at 1280×800 and 800×600, light and dark — a screenshot to look at
// (/tmp/ui-shots, outside the repo), no sideways scroll, and axe finds nothing serious or critical.

test.describe.configure({ timeout: 180_000 });

const SCREENS: Array<[string, string, string]> = [
  ['search', '/#/jobs?q=engineer', 'Jobs'],
  ['saved', '/#/saved', 'Saved jobs'],
  ['sources', '/#/sources', 'Sources'],
  ['reports', '/#/reports', 'Reports'],
  ['settings', '/#/settings', 'Settings'],
];

for (const [width, height] of [
  [1280, 800],
  [800, 600],
] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`every screen at ${width}×${height} (${scheme})`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      const bad: string[] = [];
      const check = async (name: string) => {
        await page.screenshot({ path: `/tmp/ui-shots/${name}-${width}-${scheme}.png` });
        const over = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (over > 0) bad.push(`${name}: the page scrolls sideways by ${over} px`);
        const r = await new AxeBuilder({ page }).analyze();
        for (const v of r.violations)
          if (v.impact === 'serious' || v.impact === 'critical')
            bad.push(`${name}: ${v.id} ×${v.nodes.length} ${v.nodes[0]!.target.join(' ')}`);
      };
      for (const [name, path, heading] of SCREENS) {
        await page.goto(path);
        await expect(
          page
            .getByRole('heading', { level: 1, name: heading })
            .or(page.getByRole('listbox', { name: 'Jobs', exact: true }))
            .first(),
        ).toBeVisible({ timeout: 20_000 });
        await page.waitForLoadState('networkidle');
        await check(name);
      }
      // A job's detail, from the search.
      await page.goto('/#/jobs?q=engineer');
      const list = page.getByRole('listbox', { name: 'Jobs', exact: true });
      await list.getByRole('option').first().click();
      await expect(page.getByRole('region', { name: 'Job detail' }).getByRole('heading', { level: 2 })).toBeVisible({
        timeout: 20_000,
      });
      await check('detail');
      // Follow a set, scrolled into view.
      await page.goto('/#/sources');
      const set = page.getByRole('region', { name: 'Follow a set of boards' });
      await set.scrollIntoViewIfNeeded();
      await check('follow-set');
      expect(bad).toEqual([]);
    });
  }
}
