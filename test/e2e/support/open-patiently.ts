import type { Locator, Page } from '@playwright/test';
import { expect, jobList, rows } from './app.js';

/** openJobs with room for a loaded machine (two cores, many browsers): the first paint may take 20 s. */
export async function openJobsPatiently(page: Page, hash = ''): Promise<Locator> {
  await page.goto(`/#/jobs${hash}`);
  const list = jobList(page);
  await expect(rows(list).first()).toBeVisible({ timeout: 20_000 });
  return list;
}
