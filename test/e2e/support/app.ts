import { test as base, expect, type Locator, type Page } from '@playwright/test';

/** Every page: logos (external https) are refused, as offline; any page error fails the test. */
export const test = base.extend<{ page: Page }>({
  page: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (r) => r.abort());
    await use(page);
    expect(errors, 'uncaught errors in the page').toEqual([]);
  },
});
export { expect };

/** POSTs JSON to the service the page talks to, as any Connect client would. */
export async function api<T = any>(page: Page, path: string, body: unknown): Promise<T> {
  const r = await page.request.post(path, { data: body, headers: { 'content-type': 'application/json' } });
  expect(r.status(), `${path} ${await r.text()}`).toBe(200);
  return (await r.json()) as T;
}

export interface Card {
  id: string;
  title: string;
  companyName: string;
}

export async function listJobs(
  page: Page,
  query: Record<string, unknown>,
): Promise<{ data: Card[]; pagination: { nextCursor?: string; hasMore: boolean } }> {
  return api(page, '/svc.jobs.v1.JobsService/List', { query });
}

export const jobList = (page: Page): Locator => page.getByRole('listbox', { name: 'Jobs', exact: true });
export const rows = (list: Locator): Locator => list.getByRole('option');

/** The ids of the first `n` rows, in order, once the list shows the answer for the current URL. */
export async function firstIds(list: Locator, n: number): Promise<string[]> {
  await expect(list).not.toHaveAttribute('aria-busy', 'true');
  const ids = await rows(list).evaluateAll((els) =>
    els.map((e) => [Number(e.getAttribute('aria-posinset')), e.getAttribute('data-key')!] as const),
  );
  return ids
    .sort((a, b) => a[0] - b[0])
    .slice(0, n)
    .map((x) => x[1]);
}

/** Waits until the list's first rows are exactly these jobs, in this order. */
export async function expectFirstRows(list: Locator, ids: string[]): Promise<void> {
  await expect.poll(() => firstIds(list, ids.length), { timeout: 10_000 }).toEqual(ids);
}

export async function openJobs(page: Page, hash = ''): Promise<Locator> {
  await page.goto(`/#/jobs${hash}`);
  const list = jobList(page);
  await expect(rows(list).first()).toBeVisible();
  return list;
}

/**
 * Holds every JobsService.List answer until the returned `release` is called, so a test sees the
 * waiting state before the answer comes (a fixed delay could pass unseen on a loaded machine).
 */
export async function holdListAnswers(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/svc.jobs.v1.JobsService/List', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
