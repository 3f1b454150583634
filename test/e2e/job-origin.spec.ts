import { openIndex } from '#service/index-db/open-index';
import { expect, jobList, rows, test } from './support/app.js';
import { startSourcesApp, type SourcesApp } from './support/sources-app.js';

// A job's detail says where it comes from: the followed board by its platform's name and token,
// and every other source that holds it (issue 26, docs/decisions/provenance.md).

let app: SourcesApp;
test.beforeAll(async () => {
  app = await startSourcesApp();
});
test.afterAll(async () => {
  await app?.stop();
});

test("a crawled job's detail names its board, and the upstream that also holds it", async ({ page }) => {
  // A crawl over loopback and a server of its own, on a shared 2-core machine.
  test.setTimeout(120_000);
  const post = async (path: string, body: unknown) => {
    const r = await page.request.post(`${app.url}${path}`, { data: body });
    expect(r.status()).toBe(200);
    return (await r.json()) as Record<string, any>;
  };
  await post('/svc.sources.v1.SourcesService/Follow', { input: 'https://job-boards.greenhouse.io/acme' });
  await post('/svc.sources.v1.SourcesService/CrawlNow', { key: 'greenhouse:acme' });

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${app.url}/#/jobs`);
  await expect(page.locator('.appbar__info')).toHaveText('2 jobs · 1 company');
  const first = rows(jobList(page)).first();
  const id = (await first.getAttribute('data-key'))!;
  await first.click();
  const detail = page.getByRole('region', { name: 'Job detail' });
  const from = detail.locator('.detail__from');
  await expect(from).toHaveText('From the Greenhouse board acme');

  // An upstream lists the same posting too (as a sync records it): the detail names both, board first.
  const db = openIndex(app.index);
  try {
    db.prepare('INSERT INTO job_sources (job_id, source, open, at) VALUES (?, ?, 1, ?)').run(
      id,
      'upstream:https://jobs.example.com',
      Date.now(),
    );
  } finally {
    db.close();
  }
  await page.reload();
  await expect(from).toHaveText('From the Greenhouse board acme · also from upstream jobs.example.com');
  for (const [w, h] of [
    [1280, 800],
    [800, 600],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.emulateMedia({ colorScheme: scheme });
      await expect(from).toBeVisible();
      await page.screenshot({ path: `test-results/e2e/job-origin-${w}-${scheme}.png` });
    }
  }
});
